import { defineRoute } from "@/lib/http/server/route";
import { listInvitations } from "@/lib/teams/server/invitations";
import { LIMITS } from "@/lib/schemas/limits";
import { teamNameSchema } from "@/lib/schemas/team";
import { deleteTeam, listMembers, renameTeam, teamName } from "@/lib/teams/server/members";

/** The current team for the Members page: its members, open invitations and the caller's role. */
export const GET = defineRoute({ auth: "session", budget: "read" }, async ({ account }) => ({
  team: { id: account.teamId, name: (await teamName(account.teamId)) ?? "" },
  you: { userId: account.userId, role: account.role },
  members: await listMembers(account.teamId),
  invitations: await listInvitations(account.teamId),
}));

/** Renames the current team: owners only, as for everything about the team itself. */
export const PATCH = defineRoute(
  { auth: "session", role: "owner", budget: "write", body: { schema: teamNameSchema, maxBytes: LIMITS.smallBodyBytes } },
  async ({ account, body }) => {
    await renameTeam(account, body.name);
    return { team: { id: account.teamId, name: body.name } };
  },
);

/** Deletes the current team: owners only, once it owns no collection and every member has another team. */
export const DELETE = defineRoute({ auth: "session", role: "owner", budget: "write" }, async ({ account }) => {
  await deleteTeam(account);
  return { deleted: account.teamId };
});
