import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { firstTeamOf } from "@/lib/teams/server/teams";
import { nextMailLink, testMailbox } from "./mailbox";
import { callRoute } from "./routes";

const ORIGIN = "http://localhost";

/** A signed-in partner; `teamId` is the team sign-up made for them, the session's current one. */
export type Partner = { email: string; password: string; cookie: string; userId: string; teamId: string };

function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/**
 * A connection address of its own for each sign-up and link: with REDIS_URL, auth budgets are
 * shared by every test file running at once, and a file that lowers its limit must not be charged
 * for the others' sign-ups. Tests of the limits choose their addresses themselves.
 */
const freshAddress = () => ({ [SOCKET_ADDRESS_HEADER]: `10.${randomBytes(3).join(".")}` });

/** Asks better-auth to create an account, as the sign-up form does: it signs nobody in. */
export function requestSignUp(email: string, password = "correct horse battery") {
  return callRoute(
    new Request(`${ORIGIN}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, ...freshAddress() },
      body: JSON.stringify({ name: "Test Partner", email, password }),
    }),
  );
}

/** Opens a link from a message, as the partner's browser would; it confirms, and signs nobody in. */
export function openMailLink(link: string) {
  return callRoute(new Request(link, { headers: freshAddress() }));
}

/**
 * Signs a new partner up through better-auth's own handler and confirms the address by opening
 * the link in the message the application sent to the test's SMTP server, then signs in: a
 * verified partner with a session.
 */
export async function signUp(
  email = `partner-${randomBytes(4).toString("hex")}@example.com`,
  password = "correct horse battery",
): Promise<Partner> {
  const seen = testMailbox().messages(email).length;
  const response = await requestSignUp(email, password);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`sign-up failed with ${response.status}: ${JSON.stringify(body)}`);
  const verified = await openMailLink(await nextMailLink(email, seen));
  if (verified.status !== 302) throw new Error(`the verification link answered ${verified.status}: ${await verified.text()}`);
  const signedIn = await signIn(email, password, freshAddress());
  if (signedIn.status !== 200) throw new Error(`sign-in after confirmation answered ${signedIn.status}: ${await signedIn.text()}`);
  const team = await firstTeamOf(await getDb(), body.user.id);
  if (!team) throw new Error(`sign-up made no team for ${email}`);
  return { email, password, cookie: cookieFrom(signedIn), userId: body.user.id, teamId: team.teamId };
}

export function signIn(email: string, password: string, headers: Record<string, string> = {}) {
  return callRoute(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
      body: JSON.stringify({ email, password }),
    }),
  );
}

export function getSession(cookie: string) {
  return callRoute(new Request(`${ORIGIN}/api/auth/get-session`, { headers: { cookie } }));
}

export function signOut(cookie: string, origin = ORIGIN) {
  return callRoute(
    new Request(`${ORIGIN}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin, "content-type": "application/json" },
      body: "{}",
    }),
  );
}

type Options = { cookie: string | null; origin?: string | null; idempotencyKey?: string };

function headers({ cookie, origin = ORIGIN, idempotencyKey }: Options, json = false): Record<string, string> {
  return {
    ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    ...(cookie ? { cookie } : {}),
    ...(origin ? { origin } : {}),
    ...(json ? { "content-type": "application/json" } : {}),
  };
}

const path = (id: string) => encodeURIComponent(id);
const version = (value?: number) => (value === undefined ? "" : `?Version=${value}`);

export const portal = {
  list: (options: Options, q = "") =>
    callRoute(new Request(`${ORIGIN}/api/portal/collections?q=${encodeURIComponent(q)}`, { headers: headers(options) })),
  record: (options: Options, id: string) =>
    callRoute(new Request(`${ORIGIN}/api/portal/collections/${path(id)}`, { headers: headers(options) })),
  save: (options: Options, body: unknown) =>
    callRoute(
      new Request(`${ORIGIN}/api/portal/save`, {
        method: "POST",
        headers: headers(options, true),
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    ),
  history: (options: Options, id: string, query = "") =>
    callRoute(new Request(`${ORIGIN}/api/portal/collections/${path(id)}/history${query}`, { headers: headers(options) })),
  removePerk: (options: Options, id: string, perkId: string, expected?: number) =>
    callRoute(
      new Request(`${ORIGIN}/api/portal/collections/${path(id)}/perks/${path(perkId)}${version(expected)}`, {
        method: "DELETE",
        headers: headers(options),
      }),
    ),
  deleteCollection: (options: Options, id: string, expected?: number) =>
    callRoute(
      new Request(`${ORIGIN}/api/portal/collections/${path(id)}${version(expected)}`, { method: "DELETE", headers: headers(options) }),
    ),
  keys: (options: Options) => callRoute(new Request(`${ORIGIN}/api/portal/keys`, { headers: headers(options) })),
  mintKey: (options: Options, body: unknown) =>
    callRoute(new Request(`${ORIGIN}/api/portal/keys`, { method: "POST", headers: headers(options, true), body: JSON.stringify(body) })),
  revokeKey: (options: Options, id: string) =>
    callRoute(new Request(`${ORIGIN}/api/portal/keys/${path(id)}`, { method: "DELETE", headers: headers(options) })),
};
