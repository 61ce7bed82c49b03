import { acceptInvitationRoute } from "@/lib/routes/invitations";

/** Accepts an invitation sent to the signed-in account's address. */
export const POST = acceptInvitationRoute("session");
