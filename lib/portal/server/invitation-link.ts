import "server-only";
import { env } from "@/lib/env";
import type { LinkFor } from "@/lib/teams/server/invitations";

/**
 * The invitation page's address for a token: on the public URL when one is set (as better-auth's
 * own links are), else on the address the request came to (development, a single machine).
 */
export function invitationLink(request: Request): LinkFor {
  const base = env().BETTER_AUTH_URL ?? new URL(request.url).origin;
  return (token) => new URL(`/portal/invitation?token=${encodeURIComponent(token)}`, base).toString();
}
