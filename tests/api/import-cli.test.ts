import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uds-import-"));
const store = path.join(dir, "pglite");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function importCli(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: store };
  delete env.DATABASE_URL;
  return run("npm", ["run", "-s", "import", "--", ...args], { env, cwd: process.cwd() });
}

async function stored() {
  const db = new PGlite(store);
  try {
    const rows = await db.query<{ title: string; perks: number }>(
      "SELECT data->>'Title' AS title, cardinality(perk_ids) AS perks FROM collections ORDER BY 1",
    );
    return rows.rows;
  } finally {
    await db.close();
  }
}

describe("npm run import -- <file> --email <account>", () => {
  it("imports a good file and prints a summary", async () => {
    const { stdout, stderr } = await importCli("public/import-sample.csv", "--email", "importer@example.com");
    expect(stdout).toMatch(
      /^Imported 2 requests for importer@example\.com: 2 new collections, 0 edited, 2 perks written, in \d+\.\d s\.\n$/,
    );
    expect(stderr).toContain("importing: 100% (2/2 requests)");
    expect(await stored()).toEqual([
      { title: "Harbour Seals Club", perks: 2 },
      { title: "Quiet Herons", perks: 0 },
    ]);
  }, 120_000);

  it("lists every problem of a bad file, exits non-zero and writes nothing", async () => {
    const bad = path.join(dir, "bad.json");
    fs.writeFileSync(
      bad,
      JSON.stringify([
        { nftData: { Title: "Fine", ContractChain: "Ethereum" } },
        { nftData: { Title: "", ContractChain: "Ethereum" }, perkData: [{ ShortDescription: "x", Tags: ["Hats"] }] },
      ]),
    );
    const before = await stored();
    await expect(importCli(bad, "--email", "importer@example.com")).rejects.toMatchObject({
      code: 1,
      stdout: "",
      stderr: expect.stringMatching(
        /\[1\], nftData\.Title: required, must not be empty\n\[1\], perkData\[0\]\.Tags\[0\]: unknown category "Hats"\n2 problems in the file; nothing was imported/,
      ),
    });
    expect(await stored()).toEqual(before);
  }, 120_000);

  it("refuses a call without a file, an email or a known format", async () => {
    await expect(importCli("public/import-sample.csv")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("Usage") });
    await expect(importCli("notes.txt", "--email", "importer@example.com")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("must end in .json or .csv"),
    });
  }, 120_000);
});
