import { defineRoute } from "@/lib/http/server/route";
import { LIMITS } from "@/lib/schemas/limits";
import { acceptInvitation } from "@/lib/teams/server/invitations";
import { acceptInvitationSchema } from "@/lib/schemas/team";
import { chooseTeam } from "@/lib/teams/server/teams";

/**
 * Accepts an invitation sent to the signed-in account's address; the session then works in the
 * team joined. Any signed-in account may accept, a member of no team too (removed from its only one).
 */
export const POST = defineRoute(
  {
    auth: "session",
    role: "viewer",
    teamless: true,
    budget: "write",
    body: { schema: acceptInvitationSchema, maxBytes: LIMITS.smallBodyBytes },
  },
  async ({ account, body }) => {
    const { teamId } = await acceptInvitation(account.userId, body.token);
    await chooseTeam(account.sessionId!, account.userId, teamId);
    return { teamId };
  },
);
