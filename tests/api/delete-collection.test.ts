import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { createOk, deleteCollection, dumpStore, newCaller, retrieve, search, validCollection, validPerk } from "../support/api";

async function collectionWithPerks(key: string, title = "Bored Otters Club", count = 3) {
  const echo = await createOk(key, {
    nftData: validCollection({ Title: title }),
    perkData: Array.from({ length: count }, (_, index) => validPerk({ ShortDescription: `Perk ${index}` })),
  });
  return {
    id: echo.nftData.PlatformNFTId as string,
    perkIds: echo.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId) as string[],
  };
}

async function perksOf(id: string) {
  return queryRows<{ id: string }>(await getDb(), sql`SELECT id FROM perks WHERE collection_id = ${id}`);
}

const docIds = async (response: Response) => (await response.json()).Docs.map((doc: { PlatformNFTId: string }) => doc.PlatformNFTId);

describe("DELETE /api-gateway/collections/{id}", () => {
  // Opening (and migrating) the store happens here, under the hook's longer time budget.
  beforeAll(async () => {
    await newCaller();
  });

  it("deletes the collection and its perks; retrieval answers 404 and search stops finding it at once", async () => {
    const owner = await newCaller();
    const { id } = await collectionWithPerks(owner.key, "Zanzibarian Otters");
    const kept = await collectionWithPerks(owner.key, "Zanzibarian Foxes");
    // Warm the read cache for the record and the search, so a stale cached answer would show.
    expect((await retrieve(owner.key, id)).status).toBe(200);
    expect(await docIds(await search(owner.key, { query: "zanzibarian" }))).toContain(id);

    const response = await deleteCollection(owner.key, id, 1);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ PlatformNFTId: id, DeletedPerks: 3 });

    const gone = await retrieve(owner.key, id);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: `PlatformNFTId: collection "${id}" not found` });
    expect(await perksOf(id)).toEqual([]);
    expect(await docIds(await search(owner.key, { query: "zanzibarian" }))).toEqual([kept.id]);
    expect((await perksOf(kept.id)).length).toBe(3);

    const again = await deleteCollection(owner.key, id);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: `PlatformNFTId: collection "${id}" not found` });
  });

  it("refuses another partner with 403 and changes nothing", async () => {
    const owner = await newCaller();
    const intruder = await newCaller();
    const { id } = await collectionWithPerks(owner.key);
    const before = await dumpStore();
    const response = await deleteCollection(intruder.key, id);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: `PlatformNFTId: you are not a manager of collection "${id}"` });
    expect(await dumpStore()).toEqual(before);
  });

  it("refuses a stale Version with 409 and changes nothing", async () => {
    const owner = await newCaller();
    const { id, perkIds } = await collectionWithPerks(owner.key);
    await createOk(owner.key, { perkData: [validPerk({ PlatformNFTId: id, PlatformPerkId: perkIds[0], ShortDescription: "Edited" })] });
    const before = await dumpStore();
    const stale = await deleteCollection(owner.key, id, 1);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      error: "Version: the collection is at version 2, not 1; it was changed by someone else. Read it again and reapply your change.",
    });
    expect(await dumpStore()).toEqual(before);
  });

  it.each(["abc", "-1", "1.5", ""])("refuses Version=%j with 400 and changes nothing", async (version) => {
    const owner = await newCaller();
    const { id } = await collectionWithPerks(owner.key);
    const before = await dumpStore();
    const response = await deleteCollection(owner.key, id, version);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Version: must be a non-negative integer" });
    expect(await dumpStore()).toEqual(before);
  });

  it("answers 404 for an unknown id and 401 without a valid key", async () => {
    const owner = await newCaller();
    const { id } = await collectionWithPerks(owner.key);
    const before = await dumpStore();
    const unknown = await deleteCollection(owner.key, "nope");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'PlatformNFTId: collection "nope" not found' });
    const noKey = await deleteCollection(null, id);
    expect(noKey.status).toBe(401);
    expect(await dumpStore()).toEqual(before);
  });

  it("replays the first answer for a retry with the same Idempotency-Key, and refuses the key on another collection", async () => {
    const owner = await newCaller();
    const { id } = await collectionWithPerks(owner.key);
    const other = await collectionWithPerks(owner.key);
    const headers = { "idempotency-key": `delete-${id}` };
    const first = await deleteCollection(owner.key, id, undefined, headers);
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await deleteCollection(owner.key, id, undefined, headers);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual({ PlatformNFTId: id, DeletedPerks: 3 });
    const reused = await deleteCollection(owner.key, other.id, undefined, headers);
    expect(reused.status).toBe(422);
    expect((await retrieve(owner.key, other.id)).status).toBe(200);
  });
});
