import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { type Caller, createOk, newCaller, search, validCollection, validPerk } from "../support/api";

let caller: Caller;
const ids: Record<string, string> = {};

async function add(name: string, nft: Record<string, unknown>, perks: Record<string, unknown>[] = []) {
  const echo = await createOk(caller.key, {
    nftData: validCollection({ CollectionDescription: "", Creator: "", ...nft }),
    perkData: perks,
  });
  ids[name] = echo.nftData.PlatformNFTId;
  // Distinct lastmodified values make the no-query order deterministic.
  await new Promise((resolve) => setTimeout(resolve, 3));
}

async function searchOk(params: Record<string, string | number>) {
  const response = await search(caller.key, params);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`search ${JSON.stringify(params)}: ${response.status} ${JSON.stringify(body)}`);
  return body as { NumPages: number; Docs: Record<string, any>[] };
}

beforeAll(async () => {
  caller = await newCaller();
  await add("inDescription", { Title: "Harbor Seals", CollectionDescription: "Lanterns glowing over a quiet harbor" });
  await add("inPerk", { Title: "Night Owls" }, [validPerk({ ShortDescription: "Lantern festival tickets", Tags: ["Events"] })]);
  await add("inTitle", { Title: "Lantern Keepers" }, [validPerk({ Tags: ["Merch"] })]);
  await add("byCreator", { Title: "Quiet Foxes", Creator: "Lanternworks Studio" }, [validPerk({ Tags: ["Food", "Drink"] })]);
  await add("stakingOnly", { Title: "Vault Dwellers" }, [validPerk({ ShortDescription: "Stake for yield", Tags: ["Staking"] })]);
  await add("music", { Title: "Echo Chamber" }, [validPerk({ ShortDescription: "Stems", Tags: ["Music/Audio"] })]);
  await add("markup", { Title: "<script>alert(1)</script> Owls" });
});

describe("GET /api-gateway/search", () => {
  it("matches title, description, creator and perk text, title matches first", async () => {
    const result = await searchOk({ query: "lantern" });
    const found = result.Docs.map((doc) => doc.PlatformNFTId);
    expect(found[0]).toBe(ids.inTitle);
    expect(new Set(found)).toEqual(new Set([ids.inTitle, ids.inDescription, ids.inPerk, ids.byCreator]));
    expect(result.NumPages).toBe(1);
  });

  it("matches word prefixes and needs every word", async () => {
    expect((await searchOk({ query: "lant keep" })).Docs.map((doc) => doc.PlatformNFTId)).toEqual([ids.inTitle]);
    expect((await searchOk({ query: "lantern zzz" })).Docs).toEqual([]);
  });

  it("is case-insensitive and treats punctuation and operators as spaces", async () => {
    expect((await searchOk({ query: "LANTERN & !keepers |" })).Docs.map((doc) => doc.PlatformNFTId)).toEqual([ids.inTitle]);
    expect((await searchOk({ query: "<script>" })).Docs.map((doc) => doc.PlatformNFTId)).toEqual([ids.markup]);
  });

  it("keeps collections with at least one perk of the category", async () => {
    expect((await searchOk({ category: "Staking" })).Docs.map((doc) => doc.PlatformNFTId)).toEqual([ids.stakingOnly]);
    expect((await searchOk({ category: "Drink" })).Docs.map((doc) => doc.PlatformNFTId)).toEqual([ids.byCreator]);
    expect((await searchOk({ category: "Music/Audio" })).Docs.map((doc) => doc.PlatformNFTId)).toEqual([ids.music]);
    expect((await searchOk({ category: "Voting" })).Docs).toEqual([]);
  });

  it("combines query and category", async () => {
    expect((await searchOk({ query: "lantern", category: "Events" })).Docs.map((doc) => doc.PlatformNFTId)).toEqual([ids.inPerk]);
  });

  it("lists the most recently modified first without a query", async () => {
    const docs = (await searchOk({})).Docs;
    const modified = docs.map((doc) => doc.lastmodified);
    expect(modified).toEqual([...modified].sort((a, b) => b - a));
    expect(docs[0]!.PlatformNFTId).toBe(ids.markup);
  });

  it("answers docs in the contract's search shape", async () => {
    const [doc] = (await searchOk({ query: "vault" })).Docs;
    expect(doc).toMatchObject({
      PlatformNFTId: ids.stakingOnly,
      Title: "Vault Dwellers",
      ContractChain: "Ethereum",
      path: `NFTs/${ids.stakingOnly}`,
      Managers: [`Users/${caller.userId}`],
      Version: 1,
      BlockchainSyncStatus: "Updating",
      BlockchainSyncError: "not synced: no RPC is configured for Ethereum (CHAIN_RPC_ETHEREUM)",
    });
    expect(doc!.Perks).toEqual([expect.stringMatching(/^Perks\/[0-9A-Za-z]{20}$/)]);
    expect(typeof doc!.lastmodified).toBe("number");
    expect(doc).not.toHaveProperty("Discord");
    expect(doc).not.toHaveProperty("Twitter");
  });

  it("shows an edit within the freshness bound (search answers may be up to SEARCH_CACHE_MS old)", async () => {
    expect((await searchOk({ query: "renamed" })).Docs).toEqual([]);
    await createOk(caller.key, { nftData: validCollection({ PlatformNFTId: ids.music, Title: "Renamed Chamber" }) });
    const committed = performance.now();
    await expect
      .poll(async () => (await searchOk({ query: "renamed" })).Docs.map((doc) => doc.PlatformNFTId), { timeout: 2_000, interval: 25 })
      .toEqual([ids.music]);
    expect(performance.now() - committed).toBeLessThan(1_000);
  });

  it.each([
    ["pageNum=0", { pageNum: "0" }, "pageNum: must be a positive integer below 1,000,000,000"],
    ["pageNum=-1", { pageNum: "-1" }, "pageNum: must be a positive integer below 1,000,000,000"],
    ["pageNum=abc", { pageNum: "abc" }, "pageNum: must be a positive integer below 1,000,000,000"],
    ["pageNum=1.5", { pageNum: "1.5" }, "pageNum: must be a positive integer below 1,000,000,000"],
    ["pageNum=1e12", { pageNum: "1e12" }, "pageNum: must be a positive integer below 1,000,000,000"],
    ["an unknown category", { category: "Cooking" }, `category: unknown category "Cooking"; allowed: ${CATEGORIES.join(", ")}`],
    ["a category in the wrong case", { category: "merch" }, `category: unknown category "merch"; allowed: ${CATEGORIES.join(", ")}`],
    ["a query over 500 characters", { query: "a".repeat(501) }, "query: at most 500 characters"],
  ])("refuses %s with 400", async (_what, params, error) => {
    const response = await search(caller.key, params);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error });
  });

  it.each([
    ["16 one-letter words", "a b c d e f g h i j k l m n o p"],
    ["500 characters of one repeated prefix", "lan ".repeat(125)],
    ["one 500-character word", "l".repeat(500)],
    ["only operators and punctuation mixed with words", "!(lantern | keepers) & <-> :* ''"],
  ])("answers %s with 200", async (_what, query) => {
    const response = await search(caller.key, { query });
    expect(response.status).toBe(200);
    expect((await response.json()).Docs).toEqual(expect.any(Array));
  });

  it("treats a query with nothing searchable in it as no query", async () => {
    expect((await searchOk({ query: "!!! ---" })).Docs.length).toBe(7);
  });
});

describe("search paging", () => {
  let pager: Caller;
  beforeAll(async () => {
    pager = await newCaller();
    const perks = [validPerk({ Tags: ["Voting"] })];
    // 45 matches: pages of 20, 20 and 5.
    for (let i = 0; i < 45; i += 1) {
      await createOk(pager.key, { nftData: validCollection({ Title: `Paged Ballot ${i}` }), perkData: perks });
    }
  });

  const page = async (pageNum?: number, query?: string) => {
    const response = await search(pager.key, { category: "Voting", ...(pageNum ? { pageNum } : {}), ...(query ? { query } : {}) });
    expect(response.status).toBe(200);
    return (await response.json()) as { NumPages: number; Docs: { PlatformNFTId: string }[] };
  };

  it.each([[undefined], ["paged ballot"]])("pages of 20 never overlap or skip (query %s)", async (query) => {
    const first = await page(undefined, query);
    const second = await page(2, query);
    const third = await page(3, query);
    expect([first.NumPages, second.NumPages, third.NumPages]).toEqual([3, 3, 3]);
    expect([first.Docs.length, second.Docs.length, third.Docs.length]).toEqual([20, 20, 5]);
    const all = [...first.Docs, ...second.Docs, ...third.Docs].map((doc) => doc.PlatformNFTId);
    expect(new Set(all).size).toBe(45);
  });

  it("answers an empty page past the last one, with the real NumPages", async () => {
    expect(await page(4)).toEqual({ NumPages: 3, Docs: [] });
    expect(await page(999_999_999)).toEqual({ NumPages: 3, Docs: [] });
  });

  it("answers NumPages 0 when nothing matches", async () => {
    const response = await search(pager.key, { query: "nothing-like-this-anywhere" });
    expect(await response.json()).toEqual({ NumPages: 0, Docs: [] });
  });
});
