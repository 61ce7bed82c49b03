import "server-only";
import { env } from "@/lib/env";
import { clientAddress } from "@/lib/rate-limit/client-ip";
import { consumeRule, exhaustedFor } from "@/lib/rate-limit/limiter";
import { countRateLimitRefusal } from "@/lib/observability/metrics";
import { safeReturnPath } from "@/lib/auth/return-path";
import { signUpSchema } from "@/lib/schemas/account";
import { errorBody, type ErrorDetail } from "@/lib/errors";

/** The only header better-auth reads a client address from; set here, never taken from a client. */
export const AUTH_CLIENT_ADDRESS_HEADER = "x-uds-client-address";

const SIGN_IN_PATH = /\/sign-in\/email\/?$/;
const SIGN_UP_PATH = /\/sign-up\/email\/?$/;
const VERIFY_PATH = /\/verify-email\/?$/;
/** Where a confirmation link lands: the sign-in page, saying the address is confirmed. */
export const CONFIRMED_PAGE = "/portal/sign-in";
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

async function jsonBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = JSON.parse(await request.clone().text());
    return body && typeof body === "object" ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function signInEmail(request: Request): Promise<string | null> {
  if (request.method !== "POST" || !SIGN_IN_PATH.test(new URL(request.url).pathname)) return null;
  const email = (await jsonBody(request))?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : null;
}

const refusal = (status: number, error: string, detail?: ErrorDetail) =>
  Response.json(errorBody(status, error, detail), { status, headers: { "Cache-Control": "no-store" } });

/**
 * What better-auth would accept but the portal never sends, refused before it runs:
 * - a body that is not JSON: better-auth also reads sign-in and sign-up as form fields, which the
 *   per-email limit above (and the name bound below) would not see;
 * - a sign-up whose name the sign-up form would refuse (better-auth bounds only the password).
 */
export async function refuseUnusedAuthInput(request: Request): Promise<Response | null> {
  if (request.method !== "POST") return null;
  const type = request.headers.get("content-type");
  if (type !== null && type.split(";")[0]!.trim().toLowerCase() !== "application/json") {
    return refusal(415, "Content-Type: send the body as application/json");
  }
  if (!SIGN_UP_PATH.test(new URL(request.url).pathname)) return null;
  const body = await jsonBody(request);
  if (!body || !("name" in body)) return null;
  const name = signUpSchema.shape.name.safeParse(body.name);
  return name.success ? null : refusal(400, `name: ${name.error.issues[0]?.message ?? "invalid"}`);
}

/**
 * A confirmation link confirms the address and lands on the sign-in page, signing nobody in:
 * otherwise whoever signed up could send their own link to someone else and have that browser
 * working in the sender's account (a login CSRF). The `next` the link carried is kept for after
 * sign-in; better-auth adds `error=…` to the same page when the link is expired or wrong.
 */
export function confirmLinkLandsOnSignIn(request: Request): Request {
  const url = new URL(request.url);
  if (request.method !== "GET" || !VERIFY_PATH.test(url.pathname)) return request;
  const landing = new URLSearchParams({ confirmed: "1", next: safeReturnPath(url.searchParams.get("callbackURL")) });
  url.searchParams.set("callbackURL", `${CONFIRMED_PAGE}?${landing}`);
  return new Request(url, { headers: request.headers, signal: request.signal });
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
