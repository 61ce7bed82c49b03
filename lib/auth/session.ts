import "server-only";
import { getAuth } from "./portal-auth";

/** The signed-in partner, as the portal needs them; `sessionId` finds the team the session works in. */
export type PortalUser = { id: string; email: string; name: string; emailVerified: boolean; sessionId: string };

/** The partner whose session cookie these headers carry, or null (no cookie, expired or signed out). */
export async function sessionUser(headers: Headers): Promise<PortalUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, email, name, emailVerified } = session.user;
  return { id, email, name, emailVerified, sessionId: session.session.id };
}
