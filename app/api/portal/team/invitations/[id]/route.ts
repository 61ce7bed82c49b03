import { revokeInvitationRoute } from "@/lib/routes/invitations";

export const DELETE = revokeInvitationRoute("session");
