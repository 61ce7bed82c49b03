import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { type Caller, create, dumpStore, newCaller, validCollection, validPerk } from "../support/api";

let caller: Caller;
let other: Caller;

beforeAll(async () => {
  caller = await newCaller();
  other = await newCaller();
});

const withKey = (key: string) => ({ "idempotency-key": key });
const uniqueKey = () => `key-${crypto.randomUUID()}`;
const countCollections = async () =>
  Number((await queryRows<{ n: string }>(await getDb(), sql`SELECT count(*) AS n FROM collections`))[0]!.n);

describe("create with an Idempotency-Key (Stripe's semantics)", () => {
  it("replays the first answer for a retry with the same body and stores nothing new", async () => {
    const key = uniqueKey();
    const body = { nftData: validCollection({ Title: "Once only" }), perkData: [validPerk()] };
    const first = await create(caller.key, body, withKey(key));
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstBody = await first.json();
    const before = await dumpStore();

    const retry = await create(caller.key, body, withKey(key));
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual(firstBody);
    expect(await dumpStore()).toEqual(before);
  });

  it("answers 422 for the same key with a different body, and stores nothing", async () => {
    const key = uniqueKey();
    expect((await create(caller.key, { nftData: validCollection({ Title: "First body" }) }, withKey(key))).status).toBe(200);
    const before = await dumpStore();
    const response = await create(caller.key, { nftData: validCollection({ Title: "Second body" }) }, withKey(key));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: "Idempotency-Key: this key was already used with a different request body" });
    expect(await dumpStore()).toEqual(before);
  });

  it("answers 409 to a request with the key while the first is still running, and the first still lands", async () => {
    const key = uniqueKey();
    const body = { nftData: validCollection({ Title: "Racing" }), perkData: Array.from({ length: 50 }, () => validPerk()) };
    const before = await countCollections();
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(caller.key, body, withKey(key))));
    const statuses = answers.map((answer) => answer.status).sort();
    // The first wins; each other one either saw it running (409) or finished (replay, 200).
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    const ids = new Set(bodies.filter((json) => json.nftData).map((json) => json.nftData.PlatformNFTId));
    expect(ids.size).toBe(1);
    for (const json of bodies.filter((candidate) => candidate.error)) {
      expect(json.error).toBe("Idempotency-Key: a request with this key is still being processed; retry it shortly");
    }
    expect(await countCollections()).toBe(before + 1);
  });

  it("answers 409 while the key's first request is marked running, and lets a retry take over once it is abandoned", async () => {
    const key = uniqueKey();
    const body = { nftData: validCollection({ Title: "Stuck first try" }) };
    const db = await getDb();
    // A key is bound to the method, path and the body's exact bytes (lib/http/server/idempotent-reply.ts).
    const hash = createHash("sha256")
      .update(`POST /api-gateway/create\n${JSON.stringify(body)}`)
      .digest("hex");
    await db.execute(sql`INSERT INTO idempotency_keys (team_id, key, request_hash) VALUES (${caller.teamId}, ${key}, ${hash})`);
    const before = await dumpStore();
    const running = await create(caller.key, body, withKey(key));
    expect(running.status).toBe(409);
    expect(await running.json()).toMatchObject({
      error: "Idempotency-Key: a request with this key is still being processed; retry it shortly",
    });
    expect(await dumpStore()).toEqual(before);

    // A first request that never finished (its process died) does not hold the key for 24 hours.
    await db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '10 minutes' WHERE key = ${key}`);
    const retry = await create(caller.key, body, withKey(key));
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
  });

  it("replays a domain error (404) of the first request", async () => {
    const key = uniqueKey();
    const body = { perkData: [validPerk({ PlatformNFTId: "does-not-exist" })] };
    const first = await create(caller.key, body, withKey(key));
    expect(first.status).toBe(404);
    const retry = await create(caller.key, body, withKey(key));
    expect(retry.status).toBe(404);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual(await first.json());
  });

  it("releases the key when the body fails validation, so a corrected retry runs", async () => {
    const key = uniqueKey();
    const bad = await create(caller.key, { nftData: validCollection({ Title: "" }) }, withKey(key));
    expect(bad.status).toBe(400);
    const corrected = await create(caller.key, { nftData: validCollection({ Title: "" }) }, withKey(key));
    // Same body again: validated again (not replayed), so the same 400 with no replay header.
    expect(corrected.status).toBe(400);
    expect(corrected.headers.get("idempotent-replayed")).toBeNull();
  });

  it("keeps keys per account: another partner's same key is independent", async () => {
    const key = uniqueKey();
    const body = { nftData: validCollection({ Title: "Shared key" }) };
    const a = await create(caller.key, body, withKey(key));
    const b = await create(other.key, body, withKey(key));
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect((await a.json()).nftData.PlatformNFTId).not.toBe((await b.json()).nftData.PlatformNFTId);
  });

  it("forgets a key after 24 hours", async () => {
    const key = uniqueKey();
    const body = { nftData: validCollection({ Title: "Expiring" }) };
    const first = await (await create(caller.key, body, withKey(key))).json();
    await (await getDb()).execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${key}`);
    const later = await create(caller.key, body, withKey(key));
    expect(later.status).toBe(200);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect((await later.json()).nftData.PlatformNFTId).not.toBe(first.nftData.PlatformNFTId);
  });

  it.each([
    ["", "empty"],
    ["a".repeat(256), "too long"],
    ["has space", "a space"],
  ])("refuses a malformed key (%#: %s) with 400 and stores nothing", async (key) => {
    const before = await dumpStore();
    const response = await create(caller.key, { nftData: validCollection() }, withKey(key));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Idempotency-Key: must be 1 to 255 visible ASCII characters, such as a UUID" });
    expect(await dumpStore()).toEqual(before);
  });
});
