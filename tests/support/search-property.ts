import { sql, type SQL } from "drizzle-orm";
import fc from "fast-check";
import { register, type Counter } from "prom-client";
import { beforeAll, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { CATEGORIES, type Category } from "@/lib/schemas/category-list";
import { toTsQuery } from "@/lib/search/text-query";
import { type Caller, createOk, deleteCollection, newCaller, removePerk, search, validCollection, validPerk } from "./api";

/*
 * Search's promise (docs/search.md): counts, facets and pages are exact; only the answer's age
 * may lag a write, by SEARCH_CACHE_MS, which the files running this set to 0. So after any
 * sequence of creates, edits and deletes through the API, every search must agree with the rows:
 * NumPages with a count of the matching rows, Facets with their categories and chains, the pages
 * of `newest` and `title` with one ordered query, and `relevance`'s pages with the matches, each
 * once. Counts without words are held against what the test itself wrote.
 */

const WORDS = ["otter", "otters", "river", "lantern", "lanterns", "wick", "club", "café"] as const;
const CHAINS = ["Ethereum", "Base", "Solana"] as const;
const TAGS = ["Merch", "Events", "Gaming"] as const satisfies readonly Category[];

type Query = { query: string; category?: string; chain?: string; releaseStatus?: string };
const QUERIES: Query[] = [
  { query: "" },
  { query: "ot" },
  { query: "otter" },
  { query: "la" },
  { query: "river ott" },
  { query: "café" },
  { query: "", category: "Merch" },
  { query: "wick", chain: "Base" },
  { query: "", chain: "Solana", category: "Events" },
  // A filter the bitmaps do not hold: counted from rows, whatever SEARCH_BITMAPS says.
  { query: "ot", releaseStatus: "Available" },
];
const countedByBitmaps = (query: Query) => query.releaseStatus === undefined;
const PAGE_SIZE = 2;

const title = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(" "));
const tags = fc.uniqueArray(fc.constantFrom(...TAGS), { minLength: 1, maxLength: 2 });
const perkSpec = fc.record({ words: title, tags });
const collectionSpec = fc.record({
  title,
  chain: fc.constantFrom(...CHAINS),
  releaseStatus: fc.constantFrom("Upcoming", "Available"),
  perks: fc.array(perkSpec, { maxLength: 2 }),
});
type CollectionSpec = typeof collectionSpec extends fc.Arbitrary<infer T> ? T : never;
type PerkSpec = typeof perkSpec extends fc.Arbitrary<infer T> ? T : never;

const operation = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("create" as const), spec: collectionSpec }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant("edit" as const), target: fc.nat(), spec: collectionSpec }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("addPerk" as const), target: fc.nat(), perk: perkSpec }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("editPerk" as const), target: fc.nat(), perk: perkSpec }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("deletePerk" as const), target: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("delete" as const), target: fc.nat() }), weight: 2 },
  // Searches in the middle of a sequence too, while writes are still queued for the bitmaps.
  { arbitrary: fc.constant({ kind: "check" as const }), weight: 1 },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** What the test wrote and has not deleted: each collection's chain, status and perks' tags. */
type Stored = { id: string; chain: string; releaseStatus: string; perks: { id: string; tags: string[] }[] };

const nftData = (spec: CollectionSpec, id?: string) =>
  validCollection({
    ...(id ? { PlatformNFTId: id } : {}),
    Title: spec.title,
    ContractChain: spec.chain,
    ReleaseStatus: spec.releaseStatus,
    CollectionDescription: "A collection.",
  });
const perkData = (spec: PerkSpec, collectionId?: string, perkId?: string) =>
  validPerk({
    ...(collectionId ? { PlatformNFTId: collectionId } : {}),
    ...(perkId ? { PlatformPerkId: perkId } : {}),
    ShortDescription: spec.words,
    LongDescription: "For holders.",
    Tags: spec.tags,
  });

async function apply(caller: Caller, stored: Stored[], op: Operation): Promise<void> {
  const pick = <T>(list: T[], target: number) => list[target % list.length];
  if (op.kind === "check") return;
  if (op.kind === "create") {
    const echo = await createOk(caller.key, { nftData: nftData(op.spec), perkData: op.spec.perks.map((perk) => perkData(perk)) });
    const perks = op.spec.perks.map((perk, index) => ({ id: echo.perkData[index].PlatformPerkId as string, tags: perk.tags }));
    stored.push({ id: echo.nftData.PlatformNFTId, chain: op.spec.chain, releaseStatus: op.spec.releaseStatus, perks });
    return;
  }
  const collection = pick(stored, op.target);
  if (!collection) return;
  if (op.kind === "edit") {
    // Replaced whole; its perks stay.
    await createOk(caller.key, { nftData: nftData(op.spec, collection.id) });
    Object.assign(collection, { chain: op.spec.chain, releaseStatus: op.spec.releaseStatus });
  } else if (op.kind === "addPerk") {
    const echo = await createOk(caller.key, { perkData: [perkData(op.perk, collection.id)] });
    collection.perks.push({ id: echo.perkData[0].PlatformPerkId, tags: op.perk.tags });
  } else if (op.kind === "editPerk") {
    const perk = pick(collection.perks, op.target);
    if (!perk) return;
    await createOk(caller.key, { perkData: [perkData(op.perk, collection.id, perk.id)] });
    perk.tags = op.perk.tags;
  } else if (op.kind === "deletePerk") {
    const perk = pick(collection.perks, op.target);
    if (!perk) return;
    expect((await removePerk(caller.key, collection.id, perk.id)).status).toBe(200);
    collection.perks = collection.perks.filter((other) => other !== perk);
  } else {
    expect((await deleteCollection(caller.key, collection.id)).status).toBe(200);
    stored.splice(stored.indexOf(collection), 1);
  }
}

type Match = { id: string; categories: number; chain: string };

/** The rows a query matches, in `order`, read plainly: no window, no bitmaps, no plan. */
async function matching(query: Query, order: "newest" | "title"): Promise<Match[]> {
  const where: SQL[] = [];
  const tsQuery = toTsQuery(query.query);
  if (tsQuery !== null) where.push(sql`search_tsv @@ to_tsquery('simple', ${tsQuery})`);
  if (query.category) where.push(sql`categories & ${1 << CATEGORIES.indexOf(query.category as Category)} <> 0`);
  if (query.chain) where.push(sql`chain = ${query.chain}`);
  if (query.releaseStatus) where.push(sql`release_status = ${query.releaseStatus}`);
  const orderBy = order === "newest" ? sql`lastmodified DESC, id` : sql`title_key, id`;
  return queryRows<Match>(
    await getDb(),
    sql`SELECT id, categories, chain FROM collection_search
         WHERE ${where.length > 0 ? sql.join(where, sql` AND `) : sql`true`} ORDER BY ${orderBy}`,
  );
}

/** Facets as the rows give them: every match counted once in each of its categories and under its chain. */
function rowFacets(matches: Match[]) {
  const category = Object.fromEntries(CATEGORIES.map((name, bit) => [name, matches.filter((row) => row.categories & (1 << bit)).length]));
  const chain: Record<string, number> = {};
  for (const row of matches) chain[row.chain] = (chain[row.chain] ?? 0) + 1;
  return { category, chain };
}

/** What the test wrote, for the queries without words: their matches need no text search to know. */
function modelCount(stored: Stored[], query: Query): number {
  return stored.filter(
    (collection) =>
      (!query.category || collection.perks.some((perk) => perk.tags.includes(query.category!))) &&
      (!query.chain || collection.chain === query.chain) &&
      (!query.releaseStatus || collection.releaseStatus === query.releaseStatus),
  ).length;
}

type Answer = { NumPages: number; Docs: { PlatformNFTId: string }[]; Facets?: unknown };

async function searchOk(caller: Caller, params: Record<string, string | number>): Promise<Answer> {
  const response = await search(caller.key, params);
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** Every page of a search, in order, and the first page's facets. */
async function allPages(caller: Caller, query: Query, sort: string) {
  const params = { ...query, sort, pageSize: PAGE_SIZE, facets: "category,chain" };
  const first = await searchOk(caller, params);
  const ids = first.Docs.map((doc) => doc.PlatformNFTId);
  for (let pageNum = 2; pageNum <= first.NumPages + 1; pageNum++) {
    const page = await searchOk(caller, { ...params, pageNum });
    // A page past the last answers no documents and the same NumPages.
    if (pageNum > first.NumPages) expect(page.Docs).toEqual([]);
    expect(page.NumPages).toBe(first.NumPages);
    ids.push(...page.Docs.map((doc) => doc.PlatformNFTId));
  }
  return { NumPages: first.NumPages, Facets: first.Facets, ids };
}

/** Searches computed so far, by how they counted (the service's own metric). */
async function countsBySource(): Promise<{ bitmaps: number; rows: number }> {
  const metric = register.getSingleMetric("uds_search_counts_total") as Counter | undefined;
  const values = (await metric?.get())?.values ?? [];
  const of = (source: string) => values.find((value) => value.labels.source === source)?.value ?? 0;
  return { bitmaps: of("bitmaps"), rows: of("rows") };
}

async function expectSearchAgrees(caller: Caller, stored: Stored[], bitmaps: boolean): Promise<void> {
  const rows = await queryRows<{ id: string; chain: string; categories: number }>(
    await getDb(),
    sql`SELECT id, chain, categories FROM collection_search ORDER BY id COLLATE "C"`,
  );
  // The search rows are the collections written, each with its chain and its perks' categories.
  const categoriesOf = (collection: Stored) =>
    collection.perks.reduce((bits, perk) => perk.tags.reduce((all, tag) => all | (1 << CATEGORIES.indexOf(tag as Category)), bits), 0);
  expect(rows).toEqual(
    stored
      .map((collection) => ({ id: collection.id, chain: collection.chain, categories: categoriesOf(collection) }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  );

  for (const query of QUERIES) {
    if (query.chain && !rows.some((row) => row.chain === query.chain)) {
      // A chain no stored collection is on is refused, naming the known ones.
      expect((await search(caller.key, { ...query })).status, JSON.stringify(query)).toBe(400);
      continue;
    }
    const before = await countsBySource();
    const matches = await matching(query, "newest");
    const newest = matches.map((row) => row.id);
    if (query.query === "") expect(newest.length, JSON.stringify(query)).toBe(modelCount(stored, query));
    const wanted = { NumPages: Math.ceil(newest.length / PAGE_SIZE), Facets: rowFacets(matches) };
    const what = (sort: string) => `${sort} ${JSON.stringify(query)}`;

    const byNewest = await allPages(caller, query, "newest");
    expect({ NumPages: byNewest.NumPages, Facets: byNewest.Facets }, what("newest")).toEqual(wanted);
    expect(byNewest.ids, what("newest")).toEqual(newest);

    const byTitle = await allPages(caller, query, "title");
    expect({ NumPages: byTitle.NumPages, Facets: byTitle.Facets }, what("title")).toEqual(wanted);
    expect(byTitle.ids, what("title")).toEqual((await matching(query, "title")).map((row) => row.id));

    const byRelevance = await allPages(caller, query, "relevance");
    expect({ NumPages: byRelevance.NumPages, Facets: byRelevance.Facets }, what("relevance")).toEqual(wanted);
    expect([...byRelevance.ids].sort(), what("relevance")).toEqual([...newest].sort());

    // Every search above was counted the way this file runs search: no fallback hides a wrong count.
    const after = await countsBySource();
    const searches = after.bitmaps - before.bitmaps + (after.rows - before.rows);
    expect(searches, JSON.stringify(query)).toBeGreaterThan(0);
    if (bitmaps && countedByBitmaps(query)) expect(after.rows - before.rows, JSON.stringify(query)).toBe(0);
    if (!bitmaps) expect(after.bitmaps - before.bitmaps, JSON.stringify(query)).toBe(0);
  }
}

/**
 * The property, for a file that has set SEARCH_CACHE_MS=0 and chosen SEARCH_BITMAPS. Few runs of
 * short sequences on small collections: the point is the orders of writes, not their number.
 */
export function searchAgreesWithRows({ bitmaps, runs = 8 }: { bitmaps: boolean; runs?: number }): void {
  let caller: Caller;
  beforeAll(async () => {
    caller = await newCaller();
  });

  it("answers every search as the rows do after any sequence of creates, edits and deletes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (operations) => {
        const stored: Stored[] = [];
        try {
          for (const op of operations) {
            await apply(caller, stored, op);
            if (op.kind === "check") await expectSearchAgrees(caller, stored, bitmaps);
          }
          await expectSearchAgrees(caller, stored, bitmaps);
        } finally {
          for (const collection of stored) await deleteCollection(caller.key, collection.id);
        }
      }),
      // Shrinking replays whole sequences against the store; the seed printed on failure replays it.
      { numRuns: runs, endOnFailure: true },
    );
  });
}
