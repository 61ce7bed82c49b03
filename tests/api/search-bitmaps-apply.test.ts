import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { APPLY_EVERY_MS, applySearchBitmapChangesInBackground, isApplyingInBackground } from "@/lib/search/bitmaps";
import { type Caller, createOk, newCaller, validCollection } from "../support/api";

// No search runs in this file, so only the test starts background applies, each at the time it names.
let caller: Caller;

async function queued(): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(await getDb(), sql`SELECT count(*) AS n FROM search_bitmap_changes`);
  return Number(row?.n ?? 0);
}

/** Waits for the background apply to empty the queue and finish, reading the queue (never a timer alone). */
async function drained(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (!isApplyingInBackground() && (await queued()) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the queue was not applied");
}

beforeAll(async () => {
  caller = await newCaller();
});

describe("background applies of the search bitmaps", () => {
  it("start at most once per APPLY_EVERY_MS, taking everything queued meanwhile", async () => {
    // A clock ahead of any start the process made before.
    const start = Date.now() + 10 * APPLY_EVERY_MS;
    await createOk(caller.key, { nftData: validCollection({ Title: "Applied Otters" }) });
    expect(await queued()).toBeGreaterThan(0);
    applySearchBitmapChangesInBackground(start);
    await drained();

    await createOk(caller.key, { nftData: validCollection({ Title: "Waiting Otters" }) });
    await createOk(caller.key, { nftData: validCollection({ Title: "Waiting Beavers" }) });
    const waiting = await queued();
    expect(waiting).toBeGreaterThan(0);
    // Within the interval nothing starts, however often searches notice the queue.
    applySearchBitmapChangesInBackground(start + APPLY_EVERY_MS - 1);
    expect(isApplyingInBackground()).toBe(false);
    applySearchBitmapChangesInBackground(start + APPLY_EVERY_MS - 1);
    expect(isApplyingInBackground()).toBe(false);
    expect(await queued()).toBe(waiting);

    // Once it has passed, one apply takes both collections' changes.
    applySearchBitmapChangesInBackground(start + APPLY_EVERY_MS);
    expect(isApplyingInBackground()).toBe(true);
    await drained();
  });
});
