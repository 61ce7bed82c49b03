import { inviteRoute } from "@/lib/routes/invitations";

export const POST = inviteRoute("session");
