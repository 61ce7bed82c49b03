import { beforeAll, describe, expect, it } from "vitest";
import { revokeApiKey, listApiKeys } from "@/lib/auth/api-keys";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { sql } from "drizzle-orm";
import { type Caller, create, createOk, dumpStore, newCaller, retrieve, search, validCollection } from "../support/api";

let caller: Caller;
let collectionId: string;
beforeAll(async () => {
  caller = await newCaller();
  collectionId = (await createOk(caller.key, { nftData: validCollection() })).nftData.PlatformNFTId;
});

const routes = {
  create: (headers: Record<string, string>) => create(null, { nftData: validCollection() }, headers),
  search: (headers: Record<string, string>) => search(null, {}, headers),
  retrieve: (headers: Record<string, string>) => retrieve(null, collectionId, headers),
};

const badHeaders: [string, () => Record<string, string>][] = [
  ["no header", () => ({})],
  ["an empty Bearer", () => ({ authorization: "Bearer " })],
  ["Basic credentials", () => ({ authorization: `Basic ${Buffer.from("a:b").toString("base64")}` })],
  ["the key without Bearer", () => ({ authorization: caller.key })],
  ["lower-case scheme with an unknown key", () => ({ authorization: "bearer uds_0000000000000000000000000000000000000000" })],
  ["a well-formed unknown key", () => ({ authorization: "Bearer uds_0000000000000000000000000000000000000000" })],
  [
    "the key with a character changed",
    () => ({ authorization: `Bearer ${caller.key.slice(0, -1)}${caller.key.endsWith("a") ? "b" : "a"}` }),
  ],
  ["a 10 KB key", () => ({ authorization: `Bearer uds_${"a".repeat(10_000)}` })],
];

describe("every /api-gateway route answers 401 Bad API Key without a valid key", () => {
  for (const [routeName, send] of Object.entries(routes)) {
    it.each(badHeaders)(`${routeName}: %s`, async (_what, headers) => {
      const before = await dumpStore();
      const response = await send(headers());
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: "Bad API Key" });
      expect(response.headers.get("RateLimit-Limit")).toMatch(/^\d+$/);
      expect(await dumpStore()).toEqual(before);
    });
  }
});

describe("API keys", () => {
  it("a revoked key is refused at once on every route", async () => {
    const other = await newCaller();
    expect((await search(other.key)).status).toBe(200);
    const [summary] = await listApiKeys(other.teamId);
    expect(await revokeApiKey(other.teamId, summary!.id)).toBe(true);
    expect((await search(other.key)).status).toBe(401);
    expect((await retrieve(other.key, collectionId)).status).toBe(401);
    expect((await create(other.key, { nftData: validCollection() })).status).toBe(401);
  });

  it("a team cannot revoke another team's key", async () => {
    const other = await newCaller();
    const [summary] = await listApiKeys(caller.teamId);
    expect(await revokeApiKey(other.teamId, summary!.id)).toBe(false);
    expect((await search(caller.key)).status).toBe(200);
  });

  it("stores no plaintext key, only its hash and a short prefix", async () => {
    const db = await getDb();
    const rows = await queryRows<Record<string, unknown>>(db, sql`SELECT * FROM api_keys`);
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(caller.key);
    expect(everything).not.toContain(caller.key.slice(10));
    expect(rows.some((row) => row.prefix === caller.key.slice(0, 10))).toBe(true);
  });

  it("records when a key was last used", async () => {
    const other = await newCaller();
    expect((await listApiKeys(other.teamId))[0]?.lastUsedAt).toBeNull();
    await search(other.key);
    expect((await listApiKeys(other.teamId))[0]?.lastUsedAt).toBeInstanceOf(Date);
  });
});
