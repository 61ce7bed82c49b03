import { resendInvitationRoute } from "@/lib/routes/invitations";

export const POST = resendInvitationRoute("session");
