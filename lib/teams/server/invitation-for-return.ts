import "server-only";
import type { Role } from "@/lib/schemas/team-roles";
import { invitationTokenIn } from "../invitation-path";
import { previewInvitation } from "./invitations";

/** The open invitation a sign-in or sign-up page returns to: its address and role; null for any other path or a used link. */
export async function invitationForReturn(returnPath: string): Promise<{ email: string; role: Role } | null> {
  const token = invitationTokenIn(returnPath);
  const invitation = token ? await previewInvitation(token) : null;
  return invitation?.state === "pending" ? { email: invitation.email, role: invitation.role } : null;
}
