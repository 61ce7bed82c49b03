import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { sessionUser, type PortalUser } from "@/lib/auth/session";
import { RETURN_PATH_HEADER, safeReturnPath } from "@/lib/auth/return-path";
import { sessionMembership, type Membership } from "@/lib/teams/server/teams";

/** A signed-in partner and the team their session works in (null: a member of no team). */
export type PortalMember = PortalUser & { team: Membership | null };

/**
 * The signed-in partner for a portal page, with their current team; anyone else is sent to sign in
 * and brought back after, to the page they asked for (told by proxy.ts) or else to `fallback`.
 */
export async function requireUser(fallback: string): Promise<PortalMember> {
  const requestHeaders = await headers();
  const user = await sessionUser(requestHeaders);
  if (!user) {
    const asked = requestHeaders.get(RETURN_PATH_HEADER);
    const returnTo = asked ? safeReturnPath(asked) : fallback;
    redirect(`/portal/sign-in?next=${encodeURIComponent(returnTo)}`);
  }
  return { ...user, team: await sessionMembership(user.id, user.sessionId) };
}

/** The signed-in partner, or null; for pages that signed-out visitors may see too. */
export async function currentUser(): Promise<PortalUser | null> {
  return sessionUser(await headers());
}
