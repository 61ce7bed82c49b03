import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { sessionUser, type PortalUser } from "@/lib/auth/session";

/** The signed-in partner for a portal page; anyone else is sent to sign in and brought back after. */
export async function requireUser(returnTo: string): Promise<PortalUser> {
  const user = await sessionUser(await headers());
  if (!user) redirect(`/portal/sign-in?next=${encodeURIComponent(returnTo)}`);
  return user;
}
