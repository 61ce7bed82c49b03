import { describe, expect, it } from "vitest";
import { readFresh, readRecent, takeSnapshot } from "@/lib/db/read-cache";
import { browseChains, browseCollections } from "@/lib/search/browse";
import { createOk, newCaller, validCollection } from "../support/api";

/*
 * The snapshot a search page's answers are exact for (docs/decisions/097 and 099): the last one the
 * process received before each was computed. While no search write has committed that it did not
 * see (tests/api/search-page-unchanged.test.ts), a new search would show the same, so the kept
 * page may be shown past its answers' freshness.
 */
describe("search answers exact for a snapshot", () => {
  it("are exact for the snapshot received before they were computed, and no longer once a write commits", async () => {
    const owner = await newCaller();
    await createOk(owner.key, { nftData: validCollection({ Title: "Exact Egrets" }) });
    const before = await takeSnapshot();
    expect(before).toMatch(/^\d+:\d+:/);
    const query = { query: "exact egrets", pageNum: 1 };
    const first = await readFresh(async () => ({ chains: await browseChains(), result: await browseCollections(query) }));
    // (What it found is the search tests' concern: with a search replica it may lag the write.)
    expect(first.exactAt).toBe(before);

    // The same answers read again (within their freshness) are exact for the same snapshot.
    const again = await readFresh(() => browseCollections(query));
    expect(again.exactAt).toBe(before);
    // One kept for a minute, to be read again after the write below.
    const kept = await readFresh(() => readRecent("exact-kept", 60_000, async () => "kept"));
    expect(kept.exactAt).toBe(before);

    // A write commits: the database's snapshot is no longer the one the answers are exact for, and
    // an answer computed after it is exact for another one, so a page showing both is exact for none.
    await createOk(owner.key, { nftData: validCollection({ Title: "Exact Eiders" }) });
    const after = await takeSnapshot();
    expect(after).not.toBe(before);
    const mixed = await readFresh(async () => [
      await readRecent("exact-kept", 60_000, async () => "computed again"),
      await readRecent("exact-new", 60_000, async () => "new"),
    ]);
    expect(mixed.value).toEqual(["kept", "new"]);
    expect(mixed.exactAt).toBe("");
    const fresh = await readFresh(() => browseCollections({ query: "exact eiders", pageNum: 1 }));
    expect(fresh.exactAt).toBe(after);
  });
});
