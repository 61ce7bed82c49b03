import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { type Caller, create, createOk, dumpStore, newCaller, retrieveOk, validCollection, validPerk } from "../support/api";

let caller: Caller;
beforeAll(async () => {
  caller = await newCaller();
});

const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

async function expectRefused(body: string, error: string, headers: Record<string, string> = {}) {
  const before = await dumpStore();
  const response = await create(caller.key, body, headers);
  expect(response.status).toBe(400);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  expect(await response.json()).toMatchObject({ error });
  expect(await dumpStore()).toEqual(before);
}

const titled = async (title: string) =>
  queryRows<{ n: number }>(await getDb(), sql`SELECT count(*)::int AS n FROM collections WHERE data ->> 'Title' = ${title}`);

describe("deep or odd JSON is a 400 naming the field, never a 500, and stores nothing", () => {
  // Repro: a 3,000-deep Managers answered 500 after the write committed, so a retry duplicated it.
  it("refuses a 3,000-deep Managers (server-managed fields keep their documented shape)", async () => {
    await expectRefused(
      `{"nftData":{"Title":"deepprobe","ContractChain":"E","Managers":${deep(3000)}}}`,
      "nftData.Managers[0]: expected a string",
    );
    expect((await titled("deepprobe"))[0]?.n).toBe(0);
  });

  it.each([
    ["Managers", { a: 1 }, "nftData.Managers: expected an array of strings"],
    ["Perks", ["Perks/x", 3], "nftData.Perks[1]: expected a string"],
    ["path", ["NFTs/x"], "nftData.path: expected a string"],
    ["BlockchainSyncStatus", { deep: [[["x"]]] }, "nftData.BlockchainSyncStatus: expected a string"],
    ["BlockchainSyncLocation", 7, "nftData.BlockchainSyncLocation: expected a string"],
    ["CreationDate", null, "nftData.CreationDate: expected a string"],
    ["lastmodified", "yesterday", "nftData.lastmodified: expected an integer"],
  ])("refuses %s with the wrong shape", async (field, value, error) => {
    await expectRefused(JSON.stringify({ nftData: validCollection({ [field]: value }) }), error);
  });

  it("still accepts server-managed fields sent back as read, and ignores them", async () => {
    const echo = await createOk(caller.key, { nftData: validCollection(), perkData: [validPerk()] });
    const record = await retrieveOk(caller.key, echo.nftData.PlatformNFTId);
    const response = await create(caller.key, { nftData: { ...record.nftData, Title: "Round trip" } });
    expect(response.status).toBe(200);
    const stored = await retrieveOk(caller.key, echo.nftData.PlatformNFTId);
    expect(stored.nftData.Title).toBe("Round trip");
    expect(stored.nftData.Managers).toEqual(record.nftData.Managers);
  });

  // Repro: a lone surrogate answered 500 and logged the SQL with the data.
  it("refuses a lone UTF-16 surrogate in a title, naming the field", async () => {
    await expectRefused(
      String.raw`{"nftData":{"Title":"bad \ud800","ContractChain":"E"}}`,
      String.raw`nftData.Title: must not contain a lone UTF-16 surrogate (such as \ud800)`,
    );
  });

  it.each([
    [String.raw`{"nftData":{"Title":"x","ContractChain":"E","PropertiesNames":["ok","\udc00 low"]}}`, "nftData.PropertiesNames[1]"],
    [String.raw`{"nftData":{"Title":"x","ContractChain":"E","Managers":["Users/\ud83d"]}}`, "nftData.Managers[0]"],
    [
      String.raw`{"nftData":{"Title":"x","ContractChain":"E"},"perkData":[{"ShortDescription":"s","Tags":["Merch"],"Location":{"address":"\udbff"}}]}`,
      "perkData[0].Location.address",
    ],
    [String.raw`{"nftData":{"Title":"x","ContractChain":"E","PlatformNFTId":"\ud800"}}`, "nftData.PlatformNFTId"],
  ])("refuses a lone surrogate anywhere: %s", async (body, field) => {
    await expectRefused(body, `${field}: must not contain a lone UTF-16 surrogate (such as \\ud800)`);
  });

  it("keeps a well-formed surrogate pair (an emoji)", async () => {
    const echo = await createOk(caller.key, JSON.parse(String.raw`{"nftData":{"Title":"otters \ud83e\udda6","ContractChain":"E"}}`));
    expect((await retrieveOk(caller.key, echo.nftData.PlatformNFTId)).nftData.Title).toBe("otters 🦦");
  });

  it("echoes what was stored, not forged server-managed values", async () => {
    const forged = {
      Managers: ["Users/attacker"],
      Perks: ["Perks/forged"],
      path: "NFTs/elsewhere",
      BlockchainSyncStatus: "Updating",
      CreationDate: "1/1/1970",
      lastmodified: 1,
    };
    const response = await create(caller.key, { nftData: validCollection(forged) });
    expect(response.status).toBe(200);
    const echo = await response.json();
    for (const field of Object.keys(forged)) expect(echo.nftData).not.toHaveProperty(field);
    expect(JSON.stringify(echo)).not.toContain("attacker");
    const stored = await retrieveOk(caller.key, echo.nftData.PlatformNFTId);
    expect(stored.nftData.Managers).toEqual([`Users/${caller.userId}`]);
    expect(echo.nftData).toEqual({ ...validCollection(), PlatformNFTId: stored.nftData.PlatformNFTId, Version: stored.nftData.Version });
  });

  it.each([3000, 100_000])("with an Idempotency-Key, a body nested %i deep is a 400 too (the raw bytes are hashed)", async (depth) => {
    await expectRefused(
      `{"nftData":{"Title":"deepkey","ContractChain":"E","Managers":${deep(depth)}}}`,
      "nftData.Managers[0]: expected a string",
      {
        "idempotency-key": `deep-${depth}`,
      },
    );
    await expectRefused(`{"nftData":{"Title":"deepkey","ContractChain":"E","Deep":${deep(depth)}}}`, "nftData.Deep: unknown field", {
      "idempotency-key": `deeper-${depth}`,
    });
  });

  it("binds an Idempotency-Key to the exact bytes: the same JSON spelt differently is another request", async () => {
    const body = { nftData: validCollection({ Title: "bytes bound" }) };
    const first = await create(caller.key, JSON.stringify(body), { "idempotency-key": "bytes-1" });
    expect(first.status).toBe(200);
    const respaced = await create(caller.key, JSON.stringify(body, null, 2), { "idempotency-key": "bytes-1" });
    expect(respaced.status).toBe(422);
    const replay = await create(caller.key, JSON.stringify(body), { "idempotency-key": "bytes-1" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await titled("bytes bound"))[0]?.n).toBe(1);
  });
});
