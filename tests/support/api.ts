import { randomBytes } from "node:crypto";
import { findOrCreateAccount } from "@/lib/auth/accounts";
import { createApiKey } from "@/lib/auth/api-keys";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { sql } from "drizzle-orm";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { callRoute } from "./routes";

const BASE = "http://localhost/api-gateway";
/** A client address of its own, for callers whose address budget must not meet another's. */
export const newClientIp = () => `10.${randomBytes(3).join(".")}`;
/** One client address per test file, so IP budgets never leak between files or runs. */
const clientIp = newClientIp();

/** A key of a one-person team: `userId` is the account that minted it, `teamId` its own team. */
export type Caller = { key: string; userId: string; teamId: string };

export async function newCaller(email = `partner-${randomBytes(4).toString("hex")}@example.com`): Promise<Caller> {
  // As `keys:create` makes it: an operator-made account is verified.
  const account = await findOrCreateAccount(email, { verified: true });
  const { key } = await createApiKey(account.id, "test");
  return { key, userId: account.id, teamId: account.teamId };
}

/** The key (when there is one) and a client address (this file's unless named), as every request here carries them. */
export const authHeaders = (key: string | null, address = clientIp): Record<string, string> =>
  key === null ? { [SOCKET_ADDRESS_HEADER]: address } : { authorization: `Bearer ${key}`, [SOCKET_ADDRESS_HEADER]: address };

/** POST /api-gateway/create with a JSON value, or a raw string sent as it is. */
export function create(key: string | null, body: unknown, headers: Record<string, string> = {}) {
  return callRoute(
    new Request(`${BASE}/create`, {
      method: "POST",
      headers: { "content-type": "application/json", ...authHeaders(key), ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

export function search(key: string | null, params: Record<string, string | number> = {}, headers: Record<string, string> = {}) {
  const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]));
  return callRoute(new Request(`${BASE}/search?${query}`, { headers: { ...authHeaders(key), ...headers } }));
}

/** GET /api-gateway/perks; an array value repeats the parameter. */
export function findPerks(
  key: string | null,
  params: Record<string, string | number | string[]> = {},
  headers: Record<string, string> = {},
) {
  const query = new URLSearchParams(
    Object.entries(params).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one) => [name, String(one)])),
  );
  return callRoute(new Request(`${BASE}/perks?${query}`, { headers: { ...authHeaders(key), ...headers } }));
}

/** GET /api-gateway/wallets/{address}/perks, or with `site` its keyless twin /api/wallets/{address}/perks. */
export function walletPerks(key: string | null, address: string, params: Record<string, string | number> = {}, site = false) {
  const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]));
  const base = site ? "http://localhost/api" : BASE;
  return callRoute(new Request(`${base}/wallets/${encodeURIComponent(address)}/perks?${query}`, { headers: authHeaders(key) }));
}

export function retrieve(key: string | null, id: string, headers: Record<string, string> = {}) {
  return callRoute(new Request(`${BASE}/collections/${encodeURIComponent(id)}`, { headers: { ...authHeaders(key), ...headers } }));
}

/** DELETE /api-gateway/collections/{id}/perks/{perkId}, with an optional `?Version=`. */
export function removePerk(
  key: string | null,
  id: string,
  perkId: string,
  version?: number | string,
  headers: Record<string, string> = {},
) {
  const query = version === undefined ? "" : `?Version=${encodeURIComponent(String(version))}`;
  return callRoute(
    new Request(`${BASE}/collections/${encodeURIComponent(id)}/perks/${encodeURIComponent(perkId)}${query}`, {
      method: "DELETE",
      headers: { ...authHeaders(key), ...headers },
    }),
  );
}

/** DELETE /api-gateway/collections/{id}, with an optional `?Version=`. */
export function deleteCollection(key: string | null, id: string, version?: number | string, headers: Record<string, string> = {}) {
  const query = version === undefined ? "" : `?Version=${encodeURIComponent(String(version))}`;
  return callRoute(
    new Request(`${BASE}/collections/${encodeURIComponent(id)}${query}`, {
      method: "DELETE",
      headers: { ...authHeaders(key), ...headers },
    }),
  );
}

/** Sends a create request that must succeed, and returns its echo. */
export async function createOk(key: string, body: unknown): Promise<Record<string, any>> {
  const response = await create(key, body);
  const json = await response.json();
  if (response.status !== 200) throw new Error(`create failed with ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

export async function retrieveOk(key: string, id: string): Promise<{ nftData: Record<string, any>; perkData: Record<string, any>[] }> {
  const response = await retrieve(key, id);
  const json = await response.json();
  if (response.status !== 200) throw new Error(`retrieve failed with ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Everything a write could leave behind: the data, its history, the idempotency records and the search rows. */
export async function everythingWritten(): Promise<unknown> {
  const db = await getDb();
  return {
    store: await dumpStore(),
    history: await queryRows(db, sql`SELECT * FROM collection_history ORDER BY id`),
    idempotency: await queryRows(db, sql`SELECT * FROM idempotency_keys ORDER BY key`),
    search: await queryRows(db, sql`SELECT id, lastmodified, search_tsv::text AS tsv FROM collection_search ORDER BY id`),
  };
}

/** Every stored collection and perk, to prove a rejected request changed nothing. */
export async function dumpStore(): Promise<unknown> {
  const db = await getDb();
  const collections = await queryRows(db, sql`SELECT * FROM collections ORDER BY id`);
  const perks = await queryRows(db, sql`SELECT * FROM perks ORDER BY id`);
  const users = await queryRows(db, sql`SELECT * FROM users ORDER BY id`);
  return { collections, perks, users };
}

export const validCollection = (overrides: Record<string, unknown> = {}) => ({
  Title: "Bored Otters Club",
  ContractChain: "Ethereum",
  CollectionDescription: "Ten thousand otters who are very, very bored.",
  ContractAddress: "0x1234567890abcdef1234567890abcdef12345678",
  Discord: "https://discord.gg/otters",
  Twitter: "https://twitter.com/otters",
  ImagePic: "https://images.example.com/otters.png",
  MarketPlace: "OpenSea",
  MarketPlaceLink: "https://opensea.io/collection/otters",
  ReleaseStatus: "Upcoming",
  Website: "https://otters.example.com",
  floorPrice: "notset",
  marketplaceSlug: "otters",
  ...overrides,
});

export const validPerk = (overrides: Record<string, unknown> = {}) => ({
  ShortDescription: "Free hoodie",
  LongDescription: "Every holder gets one hoodie a year.",
  Site: "https://otters.example.com/hoodie",
  Status: "Upcoming",
  Tags: ["Merch", "Apparel"],
  OneTime: false,
  TokensRequired: 1,
  // Far enough ahead that the perk stays Upcoming (a date that has passed reads Past).
  Date: { dt: { seconds: 2_082_758_400, nanoseconds: 0 }, timeSet: true },
  Location: {
    GeoPoint: { _lat: 40.7128, _long: -74.006 },
    address: "New York, NY",
    latitude: 40.7128,
    longitude: -74.006,
    placeId: "ChIJOwg_06VPwokRYv534QaPC8g",
  },
  ...overrides,
});
