import "server-only";
import { notFound } from "@/lib/errors";
import { defineRoute } from "@/lib/http/server/route";
import { idPathSchema } from "@/lib/schemas/path-id";
import { chooseTeamSchema, roleChangeSchema, teamNameSchema, transferSchema } from "@/lib/schemas/team";
import { listInvitations } from "@/lib/teams/server/invitations";
import {
  changeRole,
  deleteTeam,
  listMembers,
  removeMember,
  renameTeam,
  teamName,
  teamsOf,
  transferOwnership,
} from "@/lib/teams/server/members";
import { chooseTeam } from "@/lib/teams/server/teams";
import { smallBody } from "./route-declarations";

/** The team family: the current team, its members and roles, and the teams an account may work in. */

/** The current team for the Members page: its members, open invitations and the caller's role. */
export const teamRoute = (auth: "session") =>
  defineRoute({ auth, budget: "read" }, async ({ account }) => ({
    team: { id: account.teamId, name: (await teamName(account.teamId)) ?? "" },
    you: { userId: account.userId, role: account.role },
    members: await listMembers(account.teamId),
    invitations: await listInvitations(account.teamId),
  }));

/** Renames the current team: owners only, as for everything about the team itself. */
export const renameTeamRoute = (auth: "session") =>
  defineRoute({ auth, role: "owner", budget: "write", body: smallBody(teamNameSchema) }, async ({ account, body }) => {
    await renameTeam(account, body.name);
    return { team: { id: account.teamId, name: body.name } };
  });

/** Deletes the current team: owners only, once it owns no collection and every member has another team. */
export const deleteTeamRoute = (auth: "session") =>
  defineRoute({ auth, role: "owner", budget: "write" }, async ({ account }) => {
    await deleteTeam(account);
    return { deleted: account.teamId };
  });

const unknownMember = ({ id }: { id?: string }) => `member "${id}" not found in this team`;
const memberPath = { schema: idPathSchema, unknown: unknownMember };

/** Gives a member a new role: admins and owners; only an owner touches or makes an owner. */
export const changeRoleRoute = (auth: "session") =>
  defineRoute(
    { auth, role: "admin", budget: "write", params: memberPath, body: smallBody(roleChangeSchema) },
    async ({ account, params, body }) => {
      await changeRole(account, params.id, body.role);
      return { userId: params.id, role: body.role };
    },
  );

/** Takes a member out of the team: their sessions lose it at their next request. */
export const removeMemberRoute = (auth: "session") =>
  defineRoute({ auth, role: "admin", budget: "write", params: memberPath }, async ({ account, params }) => {
    await removeMember(account, params.id);
    return { removed: params.id };
  });

/** Leaves the current team, whatever one's role; the last owner cannot. */
export const leaveTeamRoute = (auth: "session") =>
  defineRoute({ auth, role: "viewer", budget: "write" }, async ({ account }) => {
    await removeMember(account, account.userId);
    return { left: account.teamId };
  });

/** Hands the team to another member, who becomes an owner; the caller stays on as an admin. */
export const transferRoute = (auth: "session") =>
  defineRoute({ auth, role: "owner", budget: "write", body: smallBody(transferSchema) }, async ({ account, body }) => {
    await transferOwnership(account, body.userId);
    return { owner: body.userId };
  });

/** The teams the account belongs to and the one the session works in: the header's switcher. */
export const teamsRoute = (auth: "session") =>
  defineRoute({ auth, budget: "read" }, async ({ account }) => teamsOf(account.userId, account.teamId));

/** Makes another of the account's teams the one the session works in. */
export const chooseTeamRoute = (auth: "session") =>
  defineRoute({ auth, role: "viewer", budget: "write", body: smallBody(chooseTeamSchema) }, async ({ account, body }) => {
    if (!(await chooseTeam(account.sessionId!, account.userId, body.teamId))) throw notFound(`team "${body.teamId}" not found`);
    return teamsOf(account.userId, body.teamId);
  });
