import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { readPublicChanges } from "@/lib/history/read";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { LIMITS } from "@/lib/schemas/limits";
import { createOk, newCaller, removePerk, validCollection, validPerk, type Caller } from "../support/api";
import { callRoute } from "../support/routes";

/* History reads cost what their answer shows, whatever was written: pages bounded in bytes, the public list from its own rows. */

const address = { [SOCKET_ADDRESS_HEADER]: `10.${randomBytes(3).join(".")}` };
const get = (key: string, path: string) =>
  callRoute(new Request(`http://localhost/api-gateway/collections/${path}`, { headers: { ...address, authorization: `Bearer ${key}` } }));

const date = (seconds: number) => ({ dt: { seconds, nanoseconds: 0 }, timeSet: true });

describe("history at its limits", { timeout: 180_000 }, () => {
  let owner: Caller;
  beforeAll(async () => {
    owner = await newCaller();
  });

  it("keeps a page within its byte budget: large entries list their size, and are read whole on their own", async () => {
    const perks = (text: string) =>
      Array.from({ length: 90 }, (_, index) => validPerk({ ShortDescription: `Perk ${index}`, LongDescription: text.repeat(10_000) }));
    const created = await createOk(owner.key, { nftData: validCollection(), perkData: perks("a") });
    const id = created.nftData.PlatformNFTId;
    const ids = created.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId);
    const replaced = perks("b").map((perk, index) => ({ ...perk, PlatformNFTId: id, PlatformPerkId: ids[index] }));
    await createOk(owner.key, { perkData: replaced });
    await createOk(owner.key, { nftData: { ...validCollection({ Title: "Small edit" }), PlatformNFTId: id } });

    const response = await get(owner.key, `${id}/history`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.length).toBeLessThan(LIMITS.historyPageChangesBytes + 20 * 1_000);
    const page = JSON.parse(text);
    expect(page.Docs.map((entry: { Changes?: unknown[] }) => entry.Changes?.length)).toEqual([1, undefined, undefined]);
    const [small, large] = page.Docs;
    expect(small.Changes[0].Fields).toEqual([{ Path: "Title", From: "Bored Otters Club", To: "Small edit" }]);
    expect(large.ChangesBytes).toBeGreaterThan(1_800_000);
    expect(page.Docs.every((entry: object) => !("State" in entry))).toBe(true);

    const whole = await (await get(owner.key, `${id}/history/${large.Id}`)).json();
    expect(whole.Changes).toHaveLength(90);
    expect(whole.Changes[0].Fields).toEqual([{ Path: "LongDescription", From: "a".repeat(10_000), To: "b".repeat(10_000) }]);
    expect(whole.State.perkData).toHaveLength(90);

    const stranger = await newCaller();
    expect((await get(stranger.key, `${id}/history/${large.Id}`)).status).toBe(403);
    const missing = await get(owner.key, `${id}/history/999999999`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: `Id: history entry 999999999 of collection "${id}" not found` });
    expect((await get(owner.key, `${id}/history/first`)).status).toBe(404);
  });

  it("keeps the public changes as small rows of their own: added, date moved, removed, titles cut to 200 characters", async () => {
    const long = `Hoodie ${"x".repeat(9_000)}`;
    const created = await createOk(owner.key, {
      nftData: validCollection(),
      perkData: [validPerk({ ShortDescription: long, Date: date(1_800_000_000) }), validPerk({ ShortDescription: "Meetup" })],
    });
    const id = created.nftData.PlatformNFTId;
    const [hoodie, meetup] = created.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId);
    await createOk(owner.key, {
      perkData: [{ ...validPerk({ ShortDescription: long, Date: date(1_900_000_000) }), PlatformNFTId: id, PlatformPerkId: hoodie }],
    });
    expect((await removePerk(owner.key, id, meetup)).status).toBe(200);

    const cut = long.slice(0, 200);
    expect(await readPublicChanges(id)).toEqual([
      { kind: "removed", at: expect.any(Number), perk: "Meetup" },
      { kind: "date", at: expect.any(Number), perk: cut, from: date(1_800_000_000), to: date(1_900_000_000) },
      { kind: "added", at: expect.any(Number), perk: cut },
      { kind: "added", at: expect.any(Number), perk: "Meetup" },
    ]);
    const db = await getDb();
    const [size] = await queryRows<{ bytes: number }>(
      db,
      sql`SELECT max(octet_length(perk) + coalesce(octet_length(date_from::text), 0) + coalesce(octet_length(date_to::text), 0))::int AS bytes
            FROM collection_public_changes WHERE collection_id = ${id}`,
    );
    expect(size!.bytes).toBeLessThan(400);
  });

  it("derives in migration 0015 the additions, removals and dates a write records from older entries", async () => {
    const created = await createOk(owner.key, {
      nftData: validCollection(),
      perkData: [validPerk({ ShortDescription: "Boat trip", Date: date(1_800_000_000) }), validPerk({ ShortDescription: "Hats" })],
    });
    const id = created.nftData.PlatformNFTId;
    const [boat, hats] = created.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId);
    await createOk(owner.key, {
      perkData: [{ ...validPerk({ ShortDescription: "Boat trip", Date: date(1_700_000_000) }), PlatformNFTId: id, PlatformPerkId: boat }],
    });
    await createOk(owner.key, {
      perkData: [{ ...validPerk({ ShortDescription: "Boat trip, renamed" }), PlatformNFTId: id, PlatformPerkId: boat }],
    });
    expect((await removePerk(owner.key, id, hats)).status).toBe(200);

    const db = await getDb();
    const rows = () =>
      queryRows<Record<string, unknown>>(
        db,
        sql`SELECT history_id, collection_id, at, kind, perk, date_from, date_to FROM collection_public_changes ORDER BY history_id, id`,
      );
    const recorded = await rows();
    expect(recorded.filter((row) => row.collection_id === id).map((row) => [row.kind, row.perk])).toEqual([
      ["added", "Boat trip"],
      ["added", "Hats"],
      ["date", "Boat trip"],
      ["renamed", "Boat trip, renamed"],
      ["date", "Boat trip, renamed"],
      ["removed", "Hats"],
    ]);
    const backfill = readFileSync("lib/db/migrations/0015_history_summaries.sql", "utf8")
      .split("--> statement-breakpoint")
      .find((statement) => statement.includes('INSERT INTO "collection_public_changes"'))!;
    await db.execute(sql`DELETE FROM collection_public_changes`);
    await db.execute(sql.raw(backfill));
    // Renames and other field changes are recorded from the writes after it only.
    expect(await rows()).toEqual(recorded.filter((row) => row.kind !== "renamed" && row.kind !== "changed"));
  });
});
