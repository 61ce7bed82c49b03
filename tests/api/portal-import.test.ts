import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { LIMITS } from "@/lib/schemas/limits";
import { dumpStore, validCollection, validPerk } from "../support/api";
import { portal, signUp, type Partner } from "../support/portal";
import { callRoute } from "../support/routes";
import { streamedBody } from "../support/streamed-body";

const ORIGIN = "http://localhost";
const as = (partner: Partner) => ({ cookie: partner.cookie });
const SAMPLE_CSV = readFileSync("public/import-sample.csv", "utf8");

function sendImport(partner: Partner, format: string, body: BodyInit, headers: Record<string, string> = {}) {
  return callRoute(
    new Request(`${ORIGIN}/api/portal/import?format=${format}`, {
      method: "POST",
      headers: { cookie: partner.cookie, origin: ORIGIN, "content-type": format === "csv" ? "text/csv" : "application/json", ...headers },
      body,
      duplex: "half",
    } as RequestInit),
  );
}

/** The answer's NDJSON lines, once the stream has ended. */
async function lines(response: Response): Promise<Record<string, any>[]> {
  expect(response.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
  return (await response.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

async function importOk(partner: Partner, format: string, body: string) {
  const response = await sendImport(partner, format, body);
  if (response.status !== 200) throw new Error(`import failed with ${response.status}: ${await response.text()}`);
  const answer = await lines(response);
  const last = answer.at(-1)!;
  if (!last.imported) throw new Error(`import did not commit: ${JSON.stringify(last)}`);
  return { summary: last.imported, progress: answer.filter((line) => line.progress).map((line) => line.progress) };
}

const exportFile = (partner: Partner, format: string) =>
  callRoute(new Request(`${ORIGIN}/api/portal/export?format=${format}`, { headers: { cookie: partner.cookie } }));

async function ownRecords(partner: Partner) {
  const list = await (await portal.list(as(partner))).json();
  const records = [];
  for (const row of list.collections as { id: string }[]) records.push(await (await portal.record(as(partner), row.id)).json());
  return records.sort((a, b) => a.nftData.Title.localeCompare(b.nftData.Title));
}

/** The store with Versions and change times left out: what a round trip must keep. */
async function storeWithoutVersions() {
  const dump = (await dumpStore()) as { collections: Record<string, unknown>[]; perks: unknown[]; users: unknown[] };
  return { ...dump, collections: dump.collections.map(({ version: _v, lastmodified: _l, ...row }) => row) };
}

// The first test of the file pays for its fresh store and sign-up: generous on a busy machine.
describe("portal import", { timeout: 120_000 }, () => {
  it("imports a good JSON file: every collection and perk, with progress and a summary", async () => {
    const alice = await signUp();
    const file = [
      {
        nftData: validCollection({ Title: "Imported Otters" }),
        perkData: [validPerk(), validPerk({ ShortDescription: "Boat trip", Tags: ["Events"] })],
      },
      { nftData: validCollection({ Title: "Imported Foxes" }) },
    ];
    const { summary, progress } = await importOk(alice, "json", JSON.stringify(file));
    expect(summary).toEqual({ requests: 2, created: 2, edited: 0, perks: 2 });
    const inFile = { collections: 2, perks: 2 };
    expect(progress[0]).toEqual({ done: 0, total: 2, written: { collections: 0, perks: 0 }, inFile });
    expect(progress.at(-1)).toEqual({ done: 2, total: 2, written: inFile, inFile });

    const records = await ownRecords(alice);
    expect(records.map((record) => [record.nftData.Title, record.perkData.map((perk: any) => perk.ShortDescription)])).toEqual([
      ["Imported Foxes", []],
      ["Imported Otters", ["Free hoodie", "Boat trip"]],
    ]);
    expect(records[1].nftData.Managers).toEqual([`Users/${alice.userId}`]);
    // The derived rows the API's write keeps are there too: categories and the search row.
    const id = records[1].nftData.PlatformNFTId;
    const derived = await queryRows<{ categories: string[]; searchable: boolean }>(
      await getDb(),
      sql`SELECT categories, EXISTS (SELECT 1 FROM collection_search s WHERE s.id = c.id) AS searchable FROM collections c WHERE id = ${id}`,
    );
    expect(derived).toEqual([{ categories: ["Apparel", "Events", "Merch"], searchable: true }]);
    // Each imported request is a change like any other: one history entry, by the portal session.
    const history = await (await portal.history(as(alice), id)).json();
    expect(history.Docs).toHaveLength(1);
    expect(history.Docs[0]).toMatchObject({ Account: `Users/${alice.userId}`, Via: "portal session" });
    expect(history.Docs[0].Changes.map((change: { Object: string; Kind: string }) => `${change.Object} ${change.Kind}`)).toEqual([
      "collection created",
      "perk created",
      "perk created",
    ]);
  });

  it("imports the documented sample CSV: rows grouped into collections, typed cells read", async () => {
    const alice = await signUp();
    const { summary } = await importOk(alice, "csv", SAMPLE_CSV);
    expect(summary).toEqual({ requests: 2, created: 2, edited: 0, perks: 2 });
    const [seals, herons] = await ownRecords(alice);
    expect(seals.nftData).toMatchObject({ Title: "Harbour Seals Club", PropertiesNames: ["Fur"], TokenQuantity: 5000, floorPrice: "0.25" });
    expect(seals.perkData).toMatchObject([
      {
        ShortDescription: "Free hoodie every winter",
        Tags: ["Merch", "Apparel"],
        OneTime: false,
        Location: { address: "Harbour Road 1, Oslo" },
      },
      { ShortDescription: "Harbour tour for two", Tags: ["Events"], OneTime: true, TokensRequired: 3 },
    ]);
    expect(herons).toMatchObject({ nftData: { Title: "Quiet Herons", ContractChain: "Polygon" }, perkData: [] });
  });

  it("imports nothing from a file with one bad row, naming the line and the column", async () => {
    const alice = await signUp();
    const before = await dumpStore();
    const bad = SAMPLE_CSV.replace("Merch;Apparel", "Merch;Hats");
    const response = await sendImport(alice, "csv", bad);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "1 problem in the file; nothing was imported",
      problems: [{ line: 2, field: "Tags[1]", message: 'unknown category "Hats"' }],
    });
    expect(await dumpStore()).toEqual(before);
  });

  it("lists every problem of the file, not only the first", async () => {
    const alice = await signUp();
    const before = await dumpStore();
    const file = [
      { nftData: validCollection({ Title: "" }) },
      { nftData: validCollection(), perkData: [validPerk({ Tags: [] }), validPerk({ Site: "javascript:alert(1)" })] },
      { nftData: validCollection({ Colour: "red" }) },
      "not a request",
    ];
    const response = await sendImport(alice, "json", JSON.stringify(file));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("5 problems in the file; nothing was imported");
    expect(body.problems).toEqual([
      { index: 0, field: "nftData.Title", message: "required, must not be empty" },
      { index: 1, field: "perkData[0].Tags", message: "at least one category is required" },
      { index: 1, field: "perkData[1].Site", message: "must be an absolute http:// or https:// URL" },
      { index: 2, field: "nftData.Colour", message: "unknown field" },
      { index: 3, field: "body", message: "expected a JSON object" },
    ]);

    const csv = SAMPLE_CSV.split("\r\n")
      .join("\n")
      .replace(",Polygon,", ",,")
      .replace(",false,1,", ",maybe,1,")
      .replace(",true,3,", ",true,x,");
    const csvResponse = await sendImport(alice, "csv", csv);
    expect(csvResponse.status).toBe(400);
    expect((await csvResponse.json()).problems).toEqual([
      { line: 2, field: "OneTime", message: "expected true or false" },
      { line: 3, field: "TokensRequired", message: "expected a whole number" },
      { line: 4, field: "ContractChain", message: "required" },
    ]);
    expect(await dumpStore()).toEqual(before);
  });

  it("refuses a file over the limit before reading it whole: declared or streamed", async () => {
    const alice = await signUp();
    const before = await dumpStore();
    const tooLarge = { error: `body: larger than the limit of ${LIMITS.importBytes} bytes` };

    const declared = streamedBody(LIMITS.importBytes * 2, 64 * 1024);
    const byLength = await sendImport(alice, "csv", declared.body, { "content-length": String(LIMITS.importBytes + 1) });
    expect(byLength.status).toBe(413);
    expect(await byLength.json()).toMatchObject(tooLarge);
    expect(declared.progress.pulled).toBeLessThanOrEqual(64 * 1024);

    const streamed = streamedBody(LIMITS.importBytes * 2, 64 * 1024);
    const byCount = await sendImport(alice, "csv", streamed.body);
    expect(byCount.status).toBe(413);
    expect(await byCount.json()).toMatchObject(tooLarge);
    expect(streamed.progress.pulled).toBeLessThan(LIMITS.importBytes + 256 * 1024);
    expect(await dumpStore()).toEqual(before);
  });

  it("refuses a missing or unknown format and a request from another site", async () => {
    const alice = await signUp();
    const unknown = await sendImport(alice, "xlsx", "[]");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'format: must be "json" or "csv"' });
    const crossSite = await sendImport(alice, "json", "[]", { origin: "https://elsewhere.example" });
    expect(crossSite.status).toBe(403);
  });

  it("edits through Versions: a current one applies, a stale one fails the whole import", async () => {
    const alice = await signUp();
    await importOk(alice, "json", JSON.stringify([{ nftData: validCollection({ Title: "Otters" }), perkData: [validPerk()] }]));
    await importOk(alice, "json", JSON.stringify([{ nftData: validCollection({ Title: "Foxes" }) }]));
    const exported = await (await exportFile(alice, "json")).json();
    expect(exported).toHaveLength(2);
    expect(exported[0].nftData).toMatchObject({ Title: "Otters", Version: 1, PlatformNFTId: expect.any(String) });

    exported[0].nftData.Title = "Otters, renamed";
    exported[0].perkData[0].ShortDescription = "Two hoodies";
    exported[1].perkData = [{ ...validPerk({ ShortDescription: "New perk" }), PlatformNFTId: exported[1].nftData.PlatformNFTId }];
    const { summary } = await importOk(alice, "json", JSON.stringify(exported));
    expect(summary).toEqual({ requests: 2, created: 0, edited: 2, perks: 2 });
    const [foxes, otters] = await ownRecords(alice);
    expect(otters.nftData).toMatchObject({ Title: "Otters, renamed", Version: 2 });
    expect(otters.perkData.map((perk: any) => perk.ShortDescription)).toEqual(["Two hoodies"]);
    expect(foxes.perkData.map((perk: any) => perk.ShortDescription)).toEqual(["New perk"]);

    // The same file again: its Versions are now stale, so neither collection changes.
    const before = await dumpStore();
    exported[1].nftData.Version = 2;
    const stale = await sendImport(alice, "json", JSON.stringify(exported));
    expect(stale.status).toBe(400);
    expect((await stale.json()).problems).toEqual([
      {
        index: 0,
        field: "nftData.Version",
        message: "the collection is at version 2, not 1; it was changed by someone else. Read it again and reapply your change.",
      },
    ]);
    expect(await dumpStore()).toEqual(before);
  });

  it("refuses another partner's collection id and an unknown one, importing nothing", async () => {
    const alice = await signUp();
    const bob = await signUp();
    await importOk(bob, "json", JSON.stringify([{ nftData: validCollection({ Title: "Bob's" }), perkData: [validPerk()] }]));
    const bobs = await (await exportFile(bob, "json")).json();
    const before = await dumpStore();
    const response = await sendImport(
      alice,
      "json",
      JSON.stringify([
        { nftData: validCollection({ Title: "Alice's" }) },
        { nftData: { ...bobs[0].nftData, Title: "Taken" } },
        { perkData: [{ ...validPerk(), PlatformNFTId: "no-such-collection" }] },
      ]),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).problems).toEqual([
      {
        index: 1,
        field: "nftData.PlatformNFTId",
        message: `you are not a manager of collection "${bobs[0].nftData.PlatformNFTId}"`,
      },
      { index: 2, field: "perkData[0].PlatformNFTId", message: 'collection "no-such-collection" not found' },
    ]);
    expect(await dumpStore()).toEqual(before);
  });

  it.each(["json", "csv"])("an exported %s file imports back changing nothing but Versions", async (format) => {
    const alice = await signUp();
    const many = Array.from({ length: 130 }, (_, index) => validPerk({ ShortDescription: `Perk ${index}` }));
    await importOk(alice, "json", JSON.stringify([{ nftData: validCollection({ Title: "Many perks" }), perkData: many.slice(0, 100) }]));
    const [stored] = await ownRecords(alice);
    await importOk(
      alice,
      "json",
      JSON.stringify([{ perkData: many.slice(100).map((perk) => ({ ...perk, PlatformNFTId: stored.nftData.PlatformNFTId })) }]),
    );
    await importOk(alice, "csv", SAMPLE_CSV);
    await importOk(alice, "json", JSON.stringify([{ nftData: validCollection({ Title: "-1 formula @risk", Creator: "=SUM(A1)" }) }]));

    const file = await (await exportFile(alice, format)).text();
    const before = await storeWithoutVersions();
    const versions = (await ownRecords(alice)).map((record) => record.nftData.Version);
    const { summary } = await importOk(alice, format, file);
    expect(summary).toMatchObject({ created: 0, edited: 4, perks: 132 });
    expect(await storeWithoutVersions()).toEqual(before);
    // A collection of more than 100 perks takes two requests, so its Version goes up by two.
    expect((await ownRecords(alice)).map((record) => record.nftData.Version)).toEqual(
      versions.map((version, index) => version + (index === 2 ? 2 : 1)),
    );
  });
});

describe("portal export", { timeout: 120_000 }, () => {
  it("downloads only the partner's own collections, with CSV cells that cannot run as formulas", async () => {
    const alice = await signUp();
    const bob = await signUp();
    await importOk(
      alice,
      "json",
      JSON.stringify([
        {
          nftData: validCollection({ Title: '=HYPERLINK("http://evil.example")', Creator: "+1", MarketPlace: "'=quoted" }),
          perkData: [
            validPerk({ ShortDescription: "@everyone", LongDescription: "-5% off\tnow" }),
            validPerk({ ShortDescription: "\tTabbed" }),
          ],
        },
        { nftData: validCollection({ Title: "Plain" }) },
      ]),
    );
    await importOk(bob, "json", JSON.stringify([{ nftData: validCollection({ Title: "Bob's own" }) }]));

    const response = await exportFile(alice, "csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="collections-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await response.text();
    expect(csv).not.toContain("Bob's own");
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv).toContain(",'+1,");
    expect(csv).toContain(",''=quoted,");
    expect(csv).toContain(",'@everyone,");
    expect(csv).toContain(",'-5% off\tnow,");
    expect(csv).toContain(",'\tTabbed,");
    // No cell of the file starts with a formula character.
    const { parse } = await import("csv-parse/sync");
    const cells = (parse(csv) as string[][]).flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);

    const json = await exportFile(alice, "json");
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const requests = await json.json();
    // Imported in one transaction, both have the same creation time: the order between them is the ids'.
    expect(requests.map((request: any) => request.nftData.Title).sort()).toEqual(['=HYPERLINK("http://evil.example")', "Plain"]);
  });

  it("needs a session", async () => {
    const response = await callRoute(new Request(`${ORIGIN}/api/portal/export?format=json`));
    expect(response.status).toBe(401);
  });
});
