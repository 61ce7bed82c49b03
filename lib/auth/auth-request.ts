import "server-only";
import { env } from "@/lib/env";
import { clientAddress } from "@/lib/http/server/client-ip";
import { consumeRule, exhaustedFor } from "@/lib/rate-limit/limiter";
import { countRateLimitRefusal } from "@/lib/observability/metrics";

/** The only header better-auth reads a client address from; set here, never taken from a client. */
export const AUTH_CLIENT_ADDRESS_HEADER = "x-uds-client-address";

const SIGN_IN_PATH = /\/sign-in\/email\/?$/;
const EMAIL_RULE = "sign-in-email";
const HOUR = 3600;

/**
 * The request better-auth sees: the client address resolved by the service's own rule
 * (TRUSTED_PROXY_HOPS), so its limiter cannot be dodged by rotating X-Forwarded-For.
 */
export function withClientAddress(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete(AUTH_CLIENT_ADDRESS_HEADER);
  const address = clientAddress(request.headers);
  if (address) headers.set(AUTH_CLIENT_ADDRESS_HEADER, address);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(request.url, {
    method: request.method,
    headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function signInEmail(request: Request): Promise<string | null> {
  if (request.method !== "POST" || !SIGN_IN_PATH.test(new URL(request.url).pathname)) return null;
  try {
    const body: unknown = JSON.parse(await request.clone().text());
    const email = (body as { email?: unknown } | null)?.email;
    return typeof email === "string" ? email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

const tooManyForEmail = (retryAfter: number) =>
  Response.json(
    { message: "Too many failed sign-ins for this account. Please try again later.", code: "TOO_MANY_REQUESTS" },
    { status: 429, headers: { "Retry-After": String(retryAfter), "X-Retry-After": String(retryAfter) } },
  );

/**
 * Runs a better-auth request with a per-email budget of failed sign-ins on top of its per-address
 * limit: guesses spread over many addresses still stop. Only failures count, so a partner who
 * signs in correctly is never locked out by their own successes.
 */
export async function withSignInEmailLimit(request: Request, run: (request: Request) => Promise<Response>): Promise<Response> {
  const email = await signInEmail(request);
  if (!email) return run(request);
  const limit = env().AUTH_FAILED_SIGN_INS_PER_EMAIL_PER_HOUR;
  const retryAfter = await exhaustedFor(EMAIL_RULE, limit, HOUR, email);
  if (retryAfter !== null) {
    countRateLimitRefusal("sign-in-email");
    return tooManyForEmail(retryAfter);
  }
  const response = await run(request);
  if (response.status === 401 || response.status === 403) await consumeRule(EMAIL_RULE, limit, HOUR, email);
  return response;
}
