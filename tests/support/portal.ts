import { randomBytes } from "node:crypto";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { DELETE as removePerkRoute } from "@/app/api/portal/collections/[id]/perks/[perkId]/route";
import { GET as recordRoute } from "@/app/api/portal/collections/[id]/route";
import { GET as listRoute } from "@/app/api/portal/collections/route";
import { DELETE as revokeRoute } from "@/app/api/portal/keys/[id]/route";
import { GET as keysRoute, POST as mintRoute } from "@/app/api/portal/keys/route";
import { POST as saveRoute } from "@/app/api/portal/save/route";

const ORIGIN = "http://localhost";
const noParams = { params: Promise.resolve({}) as Promise<Record<string, never>> };

export type Partner = { email: string; password: string; cookie: string; userId: string };

function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** Signs a new partner up through better-auth's own handler, as the sign-up form does. */
export async function signUp(email = `partner-${randomBytes(4).toString("hex")}@example.com`, password = "correct horse battery"): Promise<Partner> {
  const response = await authPost(
    new Request(`${ORIGIN}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify({ name: "Test Partner", email, password }),
    }),
  );
  const body = await response.json();
  if (response.status !== 200) throw new Error(`sign-up failed with ${response.status}: ${JSON.stringify(body)}`);
  return { email, password, cookie: cookieFrom(response), userId: body.user.id };
}

export function signIn(email: string, password: string, headers: Record<string, string> = {}) {
  return authPost(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
      body: JSON.stringify({ email, password }),
    }),
  );
}

export function getSession(cookie: string) {
  return authGet(new Request(`${ORIGIN}/api/auth/get-session`, { headers: { cookie } }));
}

export function signOut(cookie: string, origin = ORIGIN) {
  return authPost(
    new Request(`${ORIGIN}/api/auth/sign-out`, { method: "POST", headers: { cookie, origin, "content-type": "application/json" }, body: "{}" }),
  );
}

type Options = { cookie: string | null; origin?: string | null };

function headers({ cookie, origin = ORIGIN }: Options, json = false): Record<string, string> {
  return {
    ...(cookie ? { cookie } : {}),
    ...(origin ? { origin } : {}),
    ...(json ? { "content-type": "application/json" } : {}),
  };
}

export const portal = {
  list: (options: Options, q = "") =>
    listRoute(new Request(`${ORIGIN}/api/portal/collections?q=${encodeURIComponent(q)}`, { headers: headers(options) }), noParams),
  record: (options: Options, id: string) =>
    recordRoute(new Request(`${ORIGIN}/api/portal/collections/${encodeURIComponent(id)}`, { headers: headers(options) }), {
      params: Promise.resolve({ id }),
    }),
  save: (options: Options, body: unknown) =>
    saveRoute(
      new Request(`${ORIGIN}/api/portal/save`, {
        method: "POST",
        headers: headers(options, true),
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
      noParams,
    ),
  removePerk: (options: Options, id: string, perkId: string, version?: number) =>
    removePerkRoute(
      new Request(`${ORIGIN}/api/portal/collections/${id}/perks/${perkId}${version === undefined ? "" : `?Version=${version}`}`, {
        method: "DELETE",
        headers: headers(options),
      }),
      { params: Promise.resolve({ id, perkId }) },
    ),
  keys: (options: Options) => keysRoute(new Request(`${ORIGIN}/api/portal/keys`, { headers: headers(options) }), noParams),
  mintKey: (options: Options, body: unknown) =>
    mintRoute(
      new Request(`${ORIGIN}/api/portal/keys`, { method: "POST", headers: headers(options, true), body: JSON.stringify(body) }),
      noParams,
    ),
  revokeKey: (options: Options, id: string) =>
    revokeRoute(new Request(`${ORIGIN}/api/portal/keys/${id}`, { method: "DELETE", headers: headers(options) }), {
      params: Promise.resolve({ id }),
    }),
};
