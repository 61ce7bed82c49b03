import { expect } from "vitest";
import { claimSchema, type Claim } from "@/lib/schemas/claims";
import { authHeaders, newClientIp } from "./api";
import type { ACCOUNTS } from "./chain";
import { callRoute } from "./routes";

/** The site's origin in route tests: holder writes must come from it. */
export const ORIGIN = "http://localhost";
export type Account = (typeof ACCOUNTS)[number];

/** A site request from the page's own origin, with the holder's cookie when there is one; each from a client address of its own. */
export function site(method: string, path: string, body?: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return callRoute(
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: {
        ...authHeaders(null, newClientIp()),
        origin: ORIGIN,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** Signs `account` in with Sign-In-with-Ethereum on `chainId` and answers the holder's cookie. */
export async function signIn(account: Account, chainId: number): Promise<string> {
  const nonce = await site("POST", "/api/holders/nonce", { Address: account.address, ChainId: chainId });
  const { Message } = (await nonce.json()) as { Message: string };
  const response = await site("POST", "/api/holders/session", { Message, Signature: await account.signMessage({ message: Message }) });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

export const claim = (cookie: string, body: Record<string, unknown>) => site("POST", "/api/holders/claims", body, cookie);

export async function claimOk(cookie: string, body: Record<string, unknown>): Promise<Claim> {
  const response = await claim(cookie, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return claimSchema.parse(await response.json());
}

export const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
