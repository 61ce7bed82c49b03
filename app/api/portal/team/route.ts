import { defineRoute } from "@/lib/http/server/route";
import { listInvitations } from "@/lib/teams/server/invitations";
import { deleteTeam, listMembers, teamName } from "@/lib/teams/server/members";

/** The current team for the Members page: its members, open invitations and the caller's role. */
export const GET = defineRoute({ auth: "session", budget: "read" }, async ({ account }) => ({
  team: { id: account.teamId, name: (await teamName(account.teamId)) ?? "" },
  you: { userId: account.userId, role: account.role },
  members: await listMembers(account.teamId),
  invitations: await listInvitations(account.teamId),
}));

/** Deletes the current team: owners only, once it owns no collection and every member has another team. */
export const DELETE = defineRoute({ auth: "session", role: "owner", budget: "write" }, async ({ account }) => {
  await deleteTeam(account);
  return { deleted: account.teamId };
});
