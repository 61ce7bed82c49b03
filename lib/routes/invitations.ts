import "server-only";
import { defineRoute } from "@/lib/http/server/route";
import { invitationLink } from "@/lib/portal/server/invitation-link";
import { idPathSchema } from "@/lib/schemas/path-id";
import { acceptInvitationSchema, invitationRequestSchema } from "@/lib/schemas/team";
import { acceptInvitation, createInvitation, resendInvitation, revokeInvitation } from "@/lib/teams/server/invitations";
import { chooseTeam } from "@/lib/teams/server/teams";
import { smallBody } from "./route-declarations";

/** Invitations to a team: sent, resent and revoked by admins, accepted by the invited account. */

const unknownInvitation = ({ id }: { id?: string }) => `invitation "${id}" not found`;
const invitationPath = { schema: idPathSchema, unknown: unknownInvitation };

/** Invites an address to the current team and mails it the link. */
export const inviteRoute = (auth: "session") =>
  defineRoute({ auth, role: "admin", budget: "write", body: smallBody(invitationRequestSchema) }, async ({ request, account, body }) => ({
    invitation: await createInvitation(account, body, invitationLink(request)),
  }));

/** Sends an open invitation again with a new link, valid 7 days; the previous link stops working. */
export const resendInvitationRoute = (auth: "session") =>
  defineRoute({ auth, role: "admin", budget: "write", params: invitationPath }, async ({ request, account, params }) => ({
    invitation: await resendInvitation(account, params.id, invitationLink(request)),
  }));

/** Revokes an open invitation: its link stops working at once. */
export const revokeInvitationRoute = (auth: "session") =>
  defineRoute({ auth, role: "admin", budget: "write", params: invitationPath }, async ({ account, params }) => {
    await revokeInvitation(account, params.id);
    return { revoked: params.id };
  });

/**
 * Accepts an invitation sent to the signed-in account's address; the session then works in the
 * team joined. Any signed-in account may accept, a member of no team too (removed from its only one).
 */
export const acceptInvitationRoute = (auth: "session") =>
  defineRoute(
    {
      auth,
      role: "viewer",
      teamless: true,
      budget: "write",
      body: smallBody(acceptInvitationSchema),
    },
    async ({ account, body }) => {
      const { teamId } = await acceptInvitation(account.userId, body.token);
      await chooseTeam(account.sessionId!, account.userId, teamId);
      return { teamId };
    },
  );
