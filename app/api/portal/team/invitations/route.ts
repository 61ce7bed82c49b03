import { defineRoute } from "@/lib/http/server/route";
import { invitationLink } from "@/lib/portal/server/invitation-link";
import { LIMITS } from "@/lib/schemas/limits";
import { invitationRequestSchema } from "@/lib/schemas/team";
import { createInvitation } from "@/lib/teams/server/invitations";

/** Invites an address to the current team and mails it the link. */
export const POST = defineRoute(
  { auth: "session", role: "admin", budget: "write", body: { schema: invitationRequestSchema, maxBytes: LIMITS.smallBodyBytes } },
  async ({ request, account, body }) => ({ invitation: await createInvitation(account, body, invitationLink(request)) }),
);
