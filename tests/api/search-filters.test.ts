import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "@/lib/schemas/category-list";
import { type Caller, createOk, newCaller, search, validCollection, validPerk } from "../support/api";
import { callRoute } from "../support/routes";

type Doc = Record<string, any>;
type Answer = { NumPages: number; Docs: Doc[]; Facets?: { category?: Record<string, number>; chain?: Record<string, number> } };

let caller: Caller;
const ids: Record<string, string> = {};
const name = (id: string) => Object.keys(ids).find((key) => ids[key] === id);

const FUTURE = { dt: { seconds: 4_102_444_800, nanoseconds: 0 }, timeSet: false }; // 2100-01-01
const PAST = { dt: { seconds: 1_600_000_000, nanoseconds: 0 }, timeSet: true }; // 2020-09-13
const ADDRESS = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";

async function add(key: string, nft: Record<string, unknown>, perks: Record<string, unknown>[] = []) {
  const echo = await createOk(caller.key, {
    nftData: validCollection({ CollectionDescription: "", Creator: "", ContractAddress: "", ...nft }),
    perkData: perks,
  });
  ids[key] = echo.nftData.PlatformNFTId;
  // Distinct lastmodified values make the newest-first order deterministic.
  await new Promise((resolve) => setTimeout(resolve, 3));
}

async function searchOk(params: Record<string, string | number>): Promise<Answer> {
  const response = await search(caller.key, params);
  const body = await response.json();
  if (response.status !== 200) throw new Error(`search ${JSON.stringify(params)}: ${response.status} ${JSON.stringify(body)}`);
  return body as Answer;
}

const names = async (params: Record<string, string | number>) => (await searchOk(params)).Docs.map((doc) => name(doc.PlatformNFTId));

beforeAll(async () => {
  caller = await newCaller();
  await add("alpha", { Title: "Alpha Otters", ContractChain: "Ethereum", ReleaseStatus: "Available" }, [
    validPerk({ Status: "Upcoming", Date: FUTURE, Tags: ["Merch"] }),
  ]);
  await add("beta", { Title: "Beta Otters", ContractChain: "Base", ReleaseStatus: "Upcoming" }, [
    validPerk({ Status: "Past", Date: "", Tags: ["Events"] }),
  ]);
  // Stored Upcoming, but its Date has passed: Past when searched.
  await add("gamma", { Title: "gamma otters", ContractChain: "Solana", ReleaseStatus: undefined }, [
    validPerk({ Status: "Upcoming", Date: PAST, Tags: ["Merch", "Food"] }),
  ]);
  await add("delta", { Title: "Delta Lemurs", ContractChain: "Base", ReleaseStatus: "Available" }, [
    validPerk({ Status: "Upcoming", Date: undefined, Tags: ["Gaming"] }),
  ]);
  await add("epsilon", { Title: "Epsilon Otters", ContractChain: "Ethereum", ReleaseStatus: "Available", ContractAddress: ADDRESS });
  await add("zeta", { Title: "Zeta Club", ContractChain: "Polygon", CollectionDescription: "Friends of the otters" }, [
    validPerk({ Status: undefined, Date: "", Tags: ["Merch", "Gaming"] }),
  ]);
}, 180_000);

describe("search filters", () => {
  it("filters by chain, exactly, alone and with a query", async () => {
    expect(await names({ chain: "Base" })).toEqual(["delta", "beta"]);
    expect(await names({ chain: "Base", query: "otters" })).toEqual(["beta"]);
  });

  it("filters by release status", async () => {
    expect(await names({ releaseStatus: "Available" })).toEqual(["epsilon", "delta", "alpha"]);
    // Zeta is Upcoming too (the fixture's default); it matches "otters" by its description only.
    expect(await names({ releaseStatus: "Upcoming", query: "otters" })).toEqual(["beta", "zeta"]);
  });

  it("filters by perk status, counting a perk dated before now as Past", async () => {
    expect(await names({ perkStatus: "Past" })).toEqual(["gamma", "beta"]);
    expect(await names({ perkStatus: "Upcoming" })).toEqual(["delta", "alpha"]);
  });

  it("combines filters with query and category", async () => {
    // Title matches of equal length go newest first.
    expect(await names({ query: "otters", category: "Merch" })).toEqual(["gamma", "alpha", "zeta"]);
    expect(await names({ query: "otters", category: "Merch", perkStatus: "Upcoming" })).toEqual(["alpha"]);
    expect(await names({ query: "otters", category: "Merch", chain: "Solana", perkStatus: "Past" })).toEqual(["gamma"]);
    expect(await names({ category: "Gaming", releaseStatus: "Available" })).toEqual(["delta"]);
    expect((await searchOk({ query: "otters", chain: "Base", releaseStatus: "Available" })).Docs).toEqual([]);
  });
});

describe("sort and page size", () => {
  it("sorts by relevance with a query (title matches first), else newest first", async () => {
    const byRelevance = await names({ query: "otters" });
    expect(byRelevance.at(-1)).toBe("zeta"); // only its description matches
    expect(await names({ query: "otters", sort: "relevance" })).toEqual(byRelevance);
    expect(await names({})).toEqual(["zeta", "epsilon", "delta", "gamma", "beta", "alpha"]);
  });

  it("sorts newest first on request, with a query too", async () => {
    expect(await names({ query: "otters", sort: "newest" })).toEqual(["zeta", "epsilon", "gamma", "beta", "alpha"]);
  });

  it("sorts by title regardless of case", async () => {
    expect(await names({ sort: "title" })).toEqual(["alpha", "beta", "delta", "epsilon", "gamma", "zeta"]);
    expect(await names({ sort: "title", query: "otters" })).toEqual(["alpha", "beta", "epsilon", "gamma", "zeta"]);
    expect(await names({ sort: "title", category: "Merch" })).toEqual(["alpha", "gamma", "zeta"]);
  });

  it("pages by pageSize, NumPages following it, without overlap", async () => {
    const first = await searchOk({ pageSize: 4 });
    expect(first.NumPages).toBe(2);
    expect(first.Docs).toHaveLength(4);
    const second = await searchOk({ pageSize: 4, pageNum: 2 });
    expect(second.Docs).toHaveLength(2);
    expect(new Set([...first.Docs, ...second.Docs].map((doc) => doc.PlatformNFTId)).size).toBe(6);
    expect(await searchOk({ pageSize: 4, pageNum: 3 })).toEqual({ NumPages: 2, Docs: [] });
    expect((await searchOk({ pageSize: 1, sort: "title" })).NumPages).toBe(6);
    expect((await searchOk({ pageSize: 100 })).Docs).toHaveLength(6);
    expect(await names({ pageSize: 2, pageNum: 2, query: "otters", sort: "title" })).toEqual(["epsilon", "gamma"]);
  });
});

describe("facets", () => {
  it("adds Facets only when asked", async () => {
    expect(await searchOk({})).not.toHaveProperty("Facets");
    const answer = await searchOk({ facets: "chain" });
    expect(Object.keys(answer.Facets!)).toEqual(["chain"]);
  });

  it("counts categories and chains over all matches, not the page", async () => {
    const answer = await searchOk({ facets: "category,chain", pageSize: 1 });
    expect(answer.Docs).toHaveLength(1);
    expect(answer.Facets!.chain).toEqual({ Base: 2, Ethereum: 2, Polygon: 1, Solana: 1 });
    expect(answer.Facets!.category).toEqual(
      Object.fromEntries(CATEGORIES.map((category) => [category, { Merch: 3, Events: 1, Food: 1, Gaming: 2 }[category as string] ?? 0])),
    );
  });

  it("counts the matches of the query and filters, summing to the match count", async () => {
    const all = await searchOk({ query: "otters", facets: "chain,category", pageSize: 100 });
    expect(Object.values(all.Facets!.chain!).reduce((sum, n) => sum + n, 0)).toBe(all.Docs.length);
    expect(all.Docs).toHaveLength(5);
    const tagged: Record<string, number> = { Merch: 3, Events: 1, Food: 1, Gaming: 1 };
    expect(all.Facets!.category).toEqual(Object.fromEntries(CATEGORIES.map((category) => [category, tagged[category] ?? 0])));
    const narrowed = await searchOk({ query: "otters", category: "Merch", facets: "chain" });
    expect(narrowed.Facets!.chain).toEqual({ Ethereum: 1, Polygon: 1, Solana: 1 });
    expect((await searchOk({ query: "zzzz", facets: "chain,category" })).Facets!.chain).toEqual({});
  });
});

describe("a contract address as the query", () => {
  it("finds that collection first, in any case", async () => {
    for (const query of [ADDRESS, ADDRESS.toLowerCase(), ADDRESS.toUpperCase().replace("0X", "0x"), ` ${ADDRESS} `]) {
      const answer = await searchOk({ query, facets: "chain" });
      expect(answer.Docs[0]?.PlatformNFTId).toBe(ids.epsilon);
      expect(answer.NumPages).toBe(1);
      expect(answer.Facets!.chain).toEqual({ Ethereum: 1 });
    }
  });

  it("still applies the filters", async () => {
    expect((await searchOk({ query: ADDRESS, chain: "Base" })).Docs).toEqual([]);
    expect(await names({ query: ADDRESS, releaseStatus: "Available" })).toEqual(["epsilon"]);
  });
});

describe("bad input", () => {
  it.each([
    [{ pageSize: "0" }, "pageSize: must be a whole number from 1 to 100"],
    [{ pageSize: "101" }, "pageSize: must be a whole number from 1 to 100"],
    [{ pageSize: "2.5" }, "pageSize: must be a whole number from 1 to 100"],
    [{ pageSize: "-3" }, "pageSize: must be a whole number from 1 to 100"],
    [{ facets: "price" }, 'facets: unknown facet "price"; allowed: category, chain'],
    [{ facets: "category,,chain" }, 'facets: unknown facet ""; allowed: category, chain'],
    [{ sort: "popular" }, "sort: must be one of relevance, newest, title"],
    [{ releaseStatus: "available" }, "releaseStatus: must be one of Upcoming, Available"],
    [{ perkStatus: "Now" }, "perkStatus: must be one of Upcoming, Past"],
    [{ chain: "Dogecoin" }, 'chain: unknown chain "Dogecoin"; known chains: "Base", "Ethereum", "Polygon", "Solana"'],
    // A label outside the chain table matches exactly: its case is the partner's.
    [{ chain: "solana" }, 'chain: unknown chain "solana"; known chains: "Base", "Ethereum", "Polygon", "Solana"'],
    [{ chain: "x".repeat(2000) }, "chain: at most"],
  ])("%j is a 400 naming the parameter", async (params, message) => {
    const response = await search(caller.key, params);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string };
    // The contract's message, its code and the parameter at fault (decision 081), nothing else.
    expect(Object.keys(body).sort()).toEqual(["code", "error", "field"]);
    expect(body.error.startsWith(message)).toBe(true);
  });

  it("reads a chain of the chain table in any case, as stored in the table's spelling", async () => {
    const exact = (await (await search(caller.key, { chain: "Base" })).json()) as Answer;
    const lower = await search(caller.key, { chain: "base" });
    expect(lower.status).toBe(200);
    const body = (await lower.json()) as Answer;
    expect(body.Docs.length).toBeGreaterThan(0);
    expect(body.Docs.map((doc) => doc.PlatformNFTId)).toEqual(exact.Docs.map((doc) => doc.PlatformNFTId));
  });

  it("reads the first of repeated parameters, as for the others", async () => {
    const response = await callRoute(
      new Request("http://localhost/api-gateway/search?pageSize=2&pageSize=500&sort=title&sort=bogus&facets=chain&facets=price", {
        headers: { authorization: `Bearer ${caller.key}` },
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Answer;
    expect(body.Docs.map((doc) => name(doc.PlatformNFTId))).toEqual(["alpha", "beta"]);
    expect(body.NumPages).toBe(3);
    expect(Object.keys(body.Facets!)).toEqual(["chain"]);
  });
});
