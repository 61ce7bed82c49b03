import "server-only";
import { redirect } from "next/navigation";
import { safeReturnPath } from "@/lib/auth/return-path";
import { currentUser } from "@/lib/portal/server/require-user";
import { invitationForReturn } from "@/lib/teams/server/invitation-for-return";

/**
 * What the sign-in and sign-up pages start from: where to go afterwards, straight there for a
 * visitor already signed in, and the invitation that path accepts, if any.
 */
export async function signedOutVisitor(rawNext: string | string[] | undefined) {
  const next = safeReturnPath(rawNext);
  if (await currentUser()) redirect(next);
  return { next, invitation: await invitationForReturn(next) };
}
