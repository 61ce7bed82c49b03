import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { parseImportFile } from "@/lib/import-export/parse-file";
import { EXPORT_BATCH } from "@/lib/import-export/server/export-stream";
import { claimImportSlot, IMPORTS_AT_ONCE } from "@/lib/import-export/server/import-slots";
import { applyImport } from "@/lib/import-export/server/run-import";
import { dumpStore, validCollection } from "../support/api";
import { portal, signUp, type Partner } from "../support/portal";
import { callRoute } from "../support/routes";

/* The work an import may ask for: bounded before it is done, answered small, written never. */

const ORIGIN = "http://localhost";

function sendImport(partner: Partner, format: "json" | "csv", body: string) {
  return callRoute(
    new Request(`${ORIGIN}/api/portal/import?format=${format}`, {
      method: "POST",
      headers: { cookie: partner.cookie, origin: ORIGIN, "content-type": format === "csv" ? "text/csv" : "application/json" },
      body,
    }),
  );
}

const itemsOf = (requests: unknown[]) => {
  const parsed = parseImportFile("json", new TextEncoder().encode(JSON.stringify(requests)));
  expect(parsed.problems).toEqual([]);
  return parsed.items;
};

describe("import bounds", { timeout: 120_000 }, () => {
  it("answers a JSON file of 8 million zeros and a CSV of 4 million rows with a small 400, writing nothing", async () => {
    const alice = await signUp();
    const before = await dumpStore();

    const zeros = await sendImport(alice, "json", `[${"0,".repeat(8_000_000)}0]`);
    expect(zeros.status).toBe(400);
    const zerosText = await zeros.text();
    expect(zerosText.length).toBeLessThan(1_000);
    expect(JSON.parse(zerosText)).toMatchObject({
      error: "1 problem in the file; nothing was imported",
      problems: [{ field: "file", message: "holds more than 10,000 create requests; split it into several files" }],
    });

    const rows = await sendImport(alice, "csv", `Title,ContractChain\n${"A,B\n".repeat(4_000_000)}`);
    expect(rows.status).toBe(400);
    const rowsText = await rows.text();
    expect(rowsText.length).toBeLessThan(1_000);
    expect(JSON.parse(rowsText).problems).toEqual([
      { line: 30_002, field: "file", message: "more than 30,000 rows; split it into several files" },
    ]);
    expect(await dumpStore()).toEqual(before);
  });

  it("lists the first 100 problems and counts the rest", async () => {
    const alice = await signUp();
    const file = Array.from({ length: 250 }, () => ({ nftData: validCollection({ ContractChain: undefined }) }));
    const response = await sendImport(alice, "json", JSON.stringify(file));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("250 problems in the file; the first 100 are listed; nothing was imported");
    expect(body.problems).toHaveLength(100);
    expect(body.problems[99]).toEqual({ index: 99, field: "nftData.ContractChain", message: "required" });
    expect(body.unlisted).toBe(150);
    expect((await (await portal.list({ cookie: alice.cookie })).json()).collections).toEqual([]);
  });

  it("runs one import per team and a few per server; the rest are told to wait, and nothing is read or written", async () => {
    const [alice, bob] = [await signUp(), await signUp()];
    const file = JSON.stringify([{ nftData: validCollection() }]);
    const held = claimImportSlot(alice.teamId);
    try {
      const mine = await sendImport(alice, "json", file);
      expect(mine.status).toBe(429);
      expect(mine.headers.get("retry-after")).toBe("30");
      expect(await mine.json()).toMatchObject({ error: "import: one of your team's imports is still running; wait for it to end" });

      const others = Array.from({ length: IMPORTS_AT_ONCE - 1 }, (_, index) => claimImportSlot(`someone-else-${index}`));
      const full = await sendImport(bob, "json", file);
      expect(full.status).toBe(503);
      expect((await full.json()).error).toBe(`import: ${IMPORTS_AT_ONCE} imports are running on this server; try again in a minute`);
      for (const slot of others) slot.release();
    } finally {
      held.release();
    }
    // A refused file gives its slot back, so the next import of the same account runs.
    expect((await sendImport(alice, "json", "[0]")).status).toBe(400);
    const ok = await sendImport(alice, "json", file);
    expect(ok.status).toBe(200);
    expect((await ok.text()).trim().split("\n").at(-1)).toMatch(/^\{"imported":/);
  });

  it("rolls the whole import back once it has run longer than its time", async () => {
    const alice = await signUp();
    const before = await dumpStore();
    const items = itemsOf(Array.from({ length: 3 }, (_, index) => ({ nftData: validCollection({ Title: `Slow ${index}` }) })));
    await expect(
      applyImport({ userId: alice.userId, teamId: alice.teamId, keyId: null }, items, undefined, { statementMs: 15_000, totalMs: 0 }),
    ).rejects.toThrow(
      "file: the import ran longer than 0 s and was rolled back after 0 of 3 requests; nothing was imported: split the file",
    );
    expect(await dumpStore()).toEqual(before);
  });

  // The embedded database has one connection and no statement timeout: a lock wait needs PostgreSQL.
  it.runIf(process.env.DATABASE_URL)("gives up a statement that waits past its timeout, writing nothing", async () => {
    const alice = await signUp();
    const created = await (await portal.save({ cookie: alice.cookie }, { nftData: validCollection() })).json();
    const id = created.nftData.PlatformNFTId;
    const items = itemsOf([{ nftData: { ...validCollection({ Title: "Edited" }), PlatformNFTId: id } }]);
    const db = await getDb();
    let unlock = () => {};
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM collections WHERE id = ${id} FOR UPDATE`);
      locked();
      await new Promise<void>((resolve) => (unlock = resolve));
    });
    await isLocked;
    try {
      await expect(
        applyImport({ userId: alice.userId, teamId: alice.teamId, keyId: null }, items, undefined, { statementMs: 300, totalMs: 60_000 }),
      ).rejects.toThrow("[0]: a statement waited longer than 0.3 s; nothing was imported");
    } finally {
      unlock();
      await holder;
    }
    const record = await (await portal.record({ cookie: alice.cookie }, id)).json();
    expect(record.nftData.Title).toBe("Bored Otters Club");
  });
});

describe("export", { timeout: 120_000 }, () => {
  it("is written while it downloads, a batch of collections at a time, byte for byte as one JSON document", async () => {
    const alice = await signUp();
    const count = EXPORT_BATCH * 2 + 5;
    // One import shares one creation time: the export orders those by id, so compare them sorted.
    const titles = (list: string[]) => [...list].sort();
    const file = Array.from({ length: count }, (_, index) => ({ nftData: validCollection({ Title: `Export ${index}` }) }));
    const imported = await sendImport(alice, "json", JSON.stringify(file));
    expect((await imported.text()).trim().split("\n").at(-1)).toMatch(/^\{"imported":/);
    const download = (format: string) =>
      callRoute(new Request(`${ORIGIN}/api/portal/export?format=${format}`, { headers: { cookie: alice.cookie } }));

    const reader = (await download("csv")).body!.pipeThrough(new TextDecoderStream()).getReader();
    const chunks: string[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(chunks.map((chunk) => chunk.trimEnd().split("\r\n").length)).toEqual([EXPORT_BATCH + 1, EXPORT_BATCH, 5]);
    const csvTitles = chunks
      .join("")
      .split("\r\n")
      .filter(Boolean)
      .slice(1)
      .map((line) => line.split(",")[2]!);
    expect(titles(csvTitles)).toEqual(titles(file.map((item) => item.nftData.Title)));

    const text = await (await download("json")).text();
    const requests = JSON.parse(text);
    expect(titles(requests.map((request: { nftData: { Title: string } }) => request.nftData.Title))).toEqual(
      titles(file.map((item) => item.nftData.Title)),
    );
    expect(text).toBe(`${JSON.stringify(requests, null, 2)}\n`);
  });

  it("of an account without collections is an empty array, or the CSV header", async () => {
    const bob = await signUp();
    const download = (format: string) =>
      callRoute(new Request(`${ORIGIN}/api/portal/export?format=${format}`, { headers: { cookie: bob.cookie } }));
    expect(await (await download("json")).text()).toBe("[]\n");
    expect((await (await download("csv")).text()).split("\r\n")).toEqual([expect.stringMatching(/^PlatformNFTId,Version,Title,/), ""]);
  });
});
