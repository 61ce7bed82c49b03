import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { createOk, newCaller, retrieve, validCollection } from "../support/api";

// The embedded store only (CI runs this file in the PGlite run): a folder, not memory, so that
// what was written outlives the thread. PostgreSQL's own faults are database-faults.test.ts.
const embedded = !process.env.DATABASE_URL;
const folder = embedded ? mkdtempSync(path.join(tmpdir(), "uds-thread-")) : "";
if (embedded) process.env.PGLITE_DIR = folder;

afterAll(async () => {
  await closeDb();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!embedded)("when the embedded database's thread is lost", () => {
  // A store on disk, opened twice: past 30 s under the whole suite on 2 cores.
  it("answers JSON 503s, then opens the folder again with every committed row", async () => {
    const caller = await newCaller();
    const echo = await createOk(caller.key, { nftData: validCollection({ Title: "Outlives the thread" }) });
    const id = echo.nftData.PlatformNFTId as string;

    const db = (await getDb()) as unknown as { $client: { worker: { terminate: () => Promise<number> } } };
    await db.$client.worker.terminate();

    const answers: number[] = [];
    let response = await retrieve(caller.key, id);
    // Each answer is a 503 until the next request finds the reopened store; never a 500.
    while (response.status === 503 && answers.length < 20) {
      answers.push(response.status);
      expect(await response.json()).toMatchObject({ error: "Service Unavailable" });
      response = await retrieve(caller.key, id);
    }
    expect(response.status).toBe(200);
    expect((await response.json()).nftData.Title).toBe("Outlives the thread");
  }, 120_000);
});
