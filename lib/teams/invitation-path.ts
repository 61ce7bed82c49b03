/** The portal page an invitation's link opens; sign-in and sign-up come back to it. */
export const INVITATION_PATH = "/portal/invitation";

/** The invitation token a return path carries, when it is the invitation page's; null otherwise. */
export function invitationTokenIn(returnPath: string): string | null {
  const url = new URL(returnPath, "http://portal.invalid");
  if (url.pathname !== INVITATION_PATH) return null;
  return url.searchParams.get("token") || null;
}
