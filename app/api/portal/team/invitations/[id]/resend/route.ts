import { defineRoute } from "@/lib/http/server/route";
import { invitationLink } from "@/lib/portal/server/invitation-link";
import { idPathSchema } from "@/lib/schemas/path-id";
import { resendInvitation } from "@/lib/teams/server/invitations";

const unknownInvitation = ({ id }: { id?: string }) => `invitation "${id}" not found`;

/** Sends an open invitation again with a new link, valid 7 days; the previous link stops working. */
export const POST = defineRoute(
  { auth: "session", role: "admin", budget: "write", params: { schema: idPathSchema, unknown: unknownInvitation } },
  async ({ request, account, params }) => ({ invitation: await resendInvitation(account, params.id, invitationLink(request)) }),
);
