import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { findOrCreateAccount } from "@/lib/auth/accounts";
import { createApiKey } from "@/lib/auth/api-keys";
import { applyCreateRequest } from "@/lib/collections/write";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { createRequestSchema } from "@/lib/schemas/create-request";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { create, createOk, deleteCollection, newCaller, removePerk, validCollection, validPerk } from "../support/api";
import { portal, signUp } from "../support/portal";
import { callRoute } from "../support/routes";

const address = { [SOCKET_ADDRESS_HEADER]: `10.${randomBytes(3).join(".")}` };

function history(key: string | null, id: string, query = "") {
  return callRoute(
    new Request(`http://localhost/api-gateway/collections/${encodeURIComponent(id)}/history${query}`, {
      headers: { ...address, ...(key ? { authorization: `Bearer ${key}` } : {}) },
    }),
  );
}

async function historyOk(key: string, id: string, query = "") {
  const response = await history(key, id, query);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`history answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

function historyEntry(key: string | null, id: string, entryId: number | string) {
  return callRoute(
    new Request(`http://localhost/api-gateway/collections/${encodeURIComponent(id)}/history/${entryId}`, {
      headers: { ...address, ...(key ? { authorization: `Bearer ${key}` } : {}) },
    }),
  );
}

/** One entry whole (its changes and the state after it), which a page leaves out. */
async function entryOk(key: string, id: string, entryId: number) {
  const response = await historyEntry(key, id, entryId);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`history entry answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A partner with a key whose id we know, to check the actor. */
async function keyedCaller() {
  const account = await findOrCreateAccount(`history-${randomBytes(4).toString("hex")}@example.com`, { verified: true });
  const { key, summary } = await createApiKey(account.id, "history");
  return { key, keyId: summary.id, userId: account.id, teamId: account.teamId };
}

async function entriesOf(id: string) {
  const db = await getDb();
  return queryRows<{ id: number }>(db, sql`SELECT id FROM collection_history WHERE collection_id = ${id}`);
}

describe("change history", () => {
  beforeAll(async () => {
    await newCaller();
  });

  it("records a create: who, with which key, and every field of the new collection and perk", async () => {
    const owner = await keyedCaller();
    const echo = await createOk(owner.key, { nftData: validCollection(), perkData: [validPerk()] });
    const id = echo.nftData.PlatformNFTId;
    const perkId = echo.perkData[0].PlatformPerkId;
    const page = await historyOk(owner.key, id);
    expect(page.NumPages).toBe(1);
    expect(page.Docs).toHaveLength(1);
    const [entry] = page.Docs;
    expect(entry.Account).toBe(`Users/${owner.userId}`);
    expect(entry.Via).toBe(`Keys/${owner.keyId}`);
    expect(Math.abs(entry.At - Date.now())).toBeLessThan(60_000);
    expect(entry.Changes.map((change: { Object: string; Id: string; Kind: string }) => [change.Object, change.Id, change.Kind])).toEqual([
      ["collection", id, "created"],
      ["perk", perkId, "created"],
    ]);
    expect(entry.Changes[0].Fields).toContainEqual({ Path: "Title", To: "Bored Otters Club" });
    expect(entry.Changes[0].Fields.every((field: object) => !("From" in field))).toBe(true);
    expect(entry.Changes[1].Fields).toContainEqual({ Path: "ShortDescription", To: "Free hoodie" });
    expect(entry).not.toHaveProperty("State");
    expect(entry.HasState).toBe(true);
    const whole = await entryOk(owner.key, id, entry.Id);
    expect(whole).toMatchObject({ Id: entry.Id, At: entry.At, Account: entry.Account, Via: entry.Via, Changes: entry.Changes });
    expect(whole.State.nftData.Title).toBe("Bored Otters Club");
    expect(whole.State.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId)).toEqual([perkId]);
  });

  it("records an edit as only the fields that changed, from what to what, unassigned ones without `To`", async () => {
    const owner = await keyedCaller();
    const echo = await createOk(owner.key, {
      nftData: validCollection(),
      perkData: [validPerk(), validPerk({ ShortDescription: "Second" })],
    });
    const id = echo.nftData.PlatformNFTId;
    const [first, second] = echo.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId);
    const { Website: _website, ...withoutWebsite } = validCollection({ Title: "Bored Otters Society" });
    await createOk(owner.key, {
      nftData: { ...withoutWebsite, PlatformNFTId: id, Version: 1 },
      perkData: [{ ...validPerk({ ShortDescription: "Two hoodies" }), PlatformNFTId: id, PlatformPerkId: first }],
    });
    const [entry] = (await historyOk(owner.key, id)).Docs;
    expect(entry.Changes).toEqual([
      {
        Object: "collection",
        Id: id,
        Kind: "updated",
        Fields: [
          { Path: "Title", From: "Bored Otters Club", To: "Bored Otters Society" },
          { Path: "Website", From: "https://otters.example.com" },
        ],
      },
      { Object: "perk", Id: first, Kind: "updated", Fields: [{ Path: "ShortDescription", From: "Free hoodie", To: "Two hoodies" }] },
    ]);
    // The untouched perk is in the state, not in the changes.
    const { State: state } = await entryOk(owner.key, id, entry.Id);
    expect(state.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId)).toEqual([first, second]);
    expect(state.nftData).not.toHaveProperty("Website");
  });

  it("records perk additions and removals, the portal session as the actor, and a deletion", async () => {
    const alice = await signUp();
    const created = await (await portal.save({ cookie: alice.cookie }, { nftData: validCollection() })).json();
    const id = created.nftData.PlatformNFTId;
    const added = await (
      await portal.save({ cookie: alice.cookie }, { perkData: [validPerk({ PlatformNFTId: id, ShortDescription: "Meetup" })] })
    ).json();
    const perkId = added.perkData[0].PlatformPerkId;
    expect((await portal.removePerk({ cookie: alice.cookie }, id, perkId)).status).toBe(200);

    const page = await (await portal.history({ cookie: alice.cookie }, id)).json();
    expect(page.Docs.map((entry: { Via: string }) => entry.Via)).toEqual(["portal session", "portal session", "portal session"]);
    expect(page.Docs.map((entry: { Account: string }) => entry.Account)).toEqual(Array(3).fill(`Users/${alice.userId}`));
    const [removal, addition] = page.Docs;
    expect(addition.Changes).toEqual([
      expect.objectContaining({
        Object: "perk",
        Id: perkId,
        Kind: "created",
        Fields: expect.arrayContaining([{ Path: "ShortDescription", To: "Meetup" }]),
      }),
    ]);
    expect(removal.Changes).toEqual([
      expect.objectContaining({
        Object: "perk",
        Id: perkId,
        Kind: "deleted",
        Fields: expect.arrayContaining([{ Path: "ShortDescription", From: "Meetup" }]),
      }),
    ]);
    const removed = await (await portal.history({ cookie: alice.cookie }, id, `/${removal.Id}`)).json();
    expect(removed.State.perkData).toEqual([]);

    expect((await portal.deleteCollection({ cookie: alice.cookie }, id)).status).toBe(200);
    // The history outlives the collection: the deletion is its last entry, with no state after it.
    const db = await getDb();
    const rows = await queryRows<{ changes: { Object: string; Kind: string }[]; state: unknown; key_id: string | null }>(
      db,
      sql`SELECT changes, state, key_id FROM collection_history WHERE collection_id = ${id} ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]!.changes[0]).toMatchObject({ Object: "collection", Kind: "deleted" });
    expect(rows[0]!.state).toBeNull();
    expect(rows[0]!.key_id).toBeNull();
    // And the deleted collection's history answers as the collection does: not found.
    expect((await portal.history({ cookie: alice.cookie }, id)).status).toBe(404);
  });

  it("records a collection deletion through the API with its key", async () => {
    const owner = await keyedCaller();
    const id = (await createOk(owner.key, { nftData: validCollection(), perkData: [validPerk()] })).nftData.PlatformNFTId;
    expect((await deleteCollection(owner.key, id)).status).toBe(200);
    const db = await getDb();
    const rows = await queryRows<{ changes: { Object: string; Kind: string }[]; key_id: string }>(
      db,
      sql`SELECT changes, key_id FROM collection_history WHERE collection_id = ${id} ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]!.changes.map((change) => `${change.Object} ${change.Kind}`)).toEqual(["collection deleted", "perk deleted"]);
    expect(rows[0]!.key_id).toBe(owner.keyId);
  });

  it("writes in the write's own transaction: a write refused, or failing at its commit, leaves no entry", async () => {
    const owner = await keyedCaller();
    const id = (await createOk(owner.key, { nftData: validCollection() })).nftData.PlatformNFTId;
    expect(await entriesOf(id)).toHaveLength(1);

    expect((await create(owner.key, { nftData: { ...validCollection({ Title: "Late" }), PlatformNFTId: id, Version: 7 } })).status).toBe(
      409,
    );
    expect((await removePerk(owner.key, id, "no-such-perk")).status).toBe(404);
    expect((await create(owner.key, { nftData: { ...validCollection({ Website: "not a url" }), PlatformNFTId: id } })).status).toBe(400);
    expect(await entriesOf(id)).toHaveLength(1);

    // The entry is inserted before the write's last step; when that step fails, both roll back.
    const nftData = { ...validCollection({ Title: "Never stored" }), PlatformNFTId: id };
    await expect(
      applyCreateRequest(
        { userId: owner.userId, teamId: owner.teamId, keyId: owner.keyId },
        createRequestSchema.parse({ nftData }),
        { nftData },
        async () => {
          throw new Error("commit failed");
        },
      ),
    ).rejects.toThrow("commit failed");
    expect(await entriesOf(id)).toHaveLength(1);
    const [last] = (await historyOk(owner.key, id)).Docs;
    expect((await entryOk(owner.key, id, last.Id)).State.nftData.Title).toBe("Bored Otters Club");
  });

  it("pages 20 entries at a time, newest first", async () => {
    const owner = await keyedCaller();
    const id = (await createOk(owner.key, { nftData: validCollection({ Title: "Edit 0" }) })).nftData.PlatformNFTId;
    for (let i = 1; i <= 24; i += 1)
      await createOk(owner.key, { nftData: { ...validCollection({ Title: `Edit ${i}` }), PlatformNFTId: id } });
    const first = await historyOk(owner.key, id);
    const second = await historyOk(owner.key, id, "?pageNum=2");
    const third = await historyOk(owner.key, id, "?pageNum=3");
    expect(first.NumPages).toBe(2);
    expect(first.Docs).toHaveLength(20);
    expect(second.Docs).toHaveLength(5);
    expect(third.Docs).toEqual([]);
    const titles = [...first.Docs, ...second.Docs].map(
      (entry: { Changes: { Fields: { Path: string; To: string }[] }[] }) =>
        entry.Changes[0]!.Fields.find((field) => field.Path === "Title")!.To,
    );
    expect(titles).toEqual(Array.from({ length: 25 }, (_, index) => `Edit ${24 - index}`));
    const ids = [...first.Docs, ...second.Docs].map((entry: { Id: number }) => entry.Id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.Docs[0].Changes[0].Fields).toEqual([{ Path: "Title", From: "Edit 23", To: "Edit 24" }]);

    const bad = await history(owner.key, id, "?pageNum=0");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^pageNum: /);
    const unknown = await history(owner.key, id, "?page=2");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toBe("page: unknown query parameter");
  });

  it("answers anyone but a manager as an edit would: 401, 403 or 404, revealing nothing", async () => {
    const owner = await keyedCaller();
    const intruder = await keyedCaller();
    const id = (await createOk(owner.key, { nftData: validCollection({ Title: "Secret plans" }) })).nftData.PlatformNFTId;

    const refused = await history(intruder.key, id);
    expect(refused.status).toBe(403);
    const refusedEdit = await create(intruder.key, { nftData: { ...validCollection(), PlatformNFTId: id } });
    expect(refusedEdit.status).toBe(403);
    const message = (await refused.json()).error;
    expect(message).toBe(`PlatformNFTId: you are not a manager of collection "${id}"`);
    expect(message).not.toMatch(/Secret/);

    const missing = await history(owner.key, "no-such-collection");
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toBe('PlatformNFTId: collection "no-such-collection" not found');
    expect((await history(owner.key, "x".repeat(65))).status).toBe(404);
    expect((await history(null, id)).status).toBe(401);

    const mallory = await signUp();
    expect((await portal.history({ cookie: mallory.cookie }, id)).status).toBe(403);
    expect((await portal.history({ cookie: null }, id)).status).toBe(401);
  });
});
