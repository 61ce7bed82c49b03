import "server-only";
import { confirmLinkLandsOnSignIn, refuseUnusedAuthInput, withClientAddress, withSignInEmailLimit } from "@/lib/auth/auth-request";
import { getAuth } from "@/lib/auth/portal-auth";
import { errorResponse } from "@/lib/http/server/error-response";
import { withBodyLimit } from "@/lib/http/server/read-json";
import { noteRequest } from "@/lib/observability/request-facts";
import { LIMITS } from "@/lib/schemas/limits";

/**
 * better-auth answers sign-up, sign-in, sign-out and session reads under /api/auth/*. It reads
 * bodies whole and unbounded, so the body is read here first, under the portal's 64 KB limit.
 */
export async function portalAuthRoute(request: Request): Promise<Response> {
  const limited = await withBodyLimit(request, LIMITS.smallBodyBytes).catch((error: unknown) => errorResponse(error));
  if (limited instanceof Response) return limited;
  // One label for every auth path: a client may send any path here, and labels must stay few.
  noteRequest(limited, { route: "/api/auth/[...all]" });
  const refused = await refuseUnusedAuthInput(limited);
  if (refused) return refused;
  const auth = await getAuth();
  return withSignInEmailLimit(withClientAddress(confirmLinkLandsOnSignIn(limited)), (prepared) => auth.handler(prepared)).catch(
    (error: unknown) => errorResponse(error),
  );
}
