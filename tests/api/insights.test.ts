import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { countInsight, takePending, uncounted } from "@/lib/insights/counter";
import { addToStore, flushInsights, startInsightsFlush } from "@/lib/insights/flush";
import { drainRedis, redisStage, stageInRedis } from "@/lib/insights/redis-stage";
import { processSlot } from "@/lib/process-slot";
import { BEACONS_PER_MINUTE } from "@/lib/routes/insights";
import { dayOf, insightsResponseSchema, outboundHref } from "@/lib/schemas/insights";
import { searchCollections } from "@/lib/search/search";
import { authHeaders, createOk, findPerks, newCaller, newClientIp, search, validCollection, validPerk, type Caller } from "../support/api";
import { storedCounts } from "../support/insight-counts";
import { callRoute, fetchRoute } from "../support/routes";
import { createApiClient } from "@/lib/api-client/client";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const today = dayOf(Date.now());

let partner: Caller;
let stranger: Caller;
beforeAll(async () => {
  [partner, stranger] = [await newCaller(), await newCaller()];
});

/** A collection of `partner` with two perks, under a title word no other test uses. */
async function collection(word = `w${randomBytes(5).toString("hex")}`) {
  const created = await createOk(partner.key, {
    nftData: validCollection({ Title: `Insight ${word}` }),
    perkData: [validPerk({ ShortDescription: `First ${word}` }), validPerk({ ShortDescription: `Second ${word}` })],
  });
  const [first, second] = (created.perkData as { PlatformPerkId: string }[]).map((perk) => perk.PlatformPerkId);
  return { id: created.nftData.PlatformNFTId as string, first: first!, second: second!, word };
}

function beacon(body: unknown, { agent = BROWSER, address = newClientIp() }: { agent?: string | null; address?: string } = {}) {
  return callRoute(
    new Request("http://localhost/api/insights/beacon", {
      method: "POST",
      headers: { ...authHeaders(null, address), "content-type": "text/plain;charset=UTF-8", ...(agent ? { "user-agent": agent } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

function insights(key: string | null, id: string, query = "") {
  return callRoute(
    new Request(`http://localhost/api-gateway/collections/${encodeURIComponent(id)}/insights${query}`, { headers: authHeaders(key) }),
  );
}

async function insightsOk(id: string, query = "") {
  const response = await insights(partner.key, id, query);
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return insightsResponseSchema.parse(body);
}

describe("counting views with the beacon", () => {
  it("counts a collection's and a perk's views, one id per call, and answers 204 to everything", async () => {
    const { id, first } = await collection();
    for (let view = 0; view < 3; view += 1) expect((await beacon({ PlatformNFTId: id })).status).toBe(204);
    expect((await beacon({ PlatformPerkId: first })).status).toBe(204);
    expect(await storedCounts(id)).toEqual({ views: 3, [`views:${first}`]: 1 });
    const answer = await insightsOk(id);
    expect(answer.Totals.Views).toBe(4);
    expect(answer.Days.at(-1)).toMatchObject({ Day: today, Views: 4 });
    expect(answer.Perks.find((perk) => perk.PlatformPerkId === first)?.Views).toBe(1);
  });

  it("drops bots, a missing user agent, junk, two ids, oversized bodies and unknown ids, still answering 204", async () => {
    const { id } = await collection();
    const dropped = [
      beacon({ PlatformNFTId: id }, { agent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      beacon({ PlatformNFTId: id }, { agent: null }),
      beacon("not json"),
      beacon({ PlatformNFTId: id, PlatformPerkId: "x" }),
      beacon({ PlatformNFTId: id, padding: "x".repeat(1_000) }),
      beacon({ PlatformNFTId: "no-such-collection" }),
      beacon({ PlatformPerkId: "no-such-perk" }),
      // Ids PostgreSQL would refuse in the flush's JSON are never held.
      beacon('{"PlatformNFTId":"a\\u0000b"}'),
      beacon('{"PlatformNFTId":"a\\ud800b"}'),
    ];
    for (const response of await Promise.all(dropped)) expect(response.status).toBe(204);
    expect(await storedCounts(id)).toEqual({});
    // The unknown ids were dropped by the flush's join: nothing is stored for them.
    const unknown = await queryRows(await getDb(), sql`SELECT 1 FROM insight_counts WHERE collection_id = 'no-such-collection'`);
    expect(unknown).toEqual([]);
  });

  it("counts an address's beacons up to its budget, then drops the rest", async () => {
    const { id } = await collection();
    const address = newClientIp();
    for (let view = 0; view < BEACONS_PER_MINUTE + 5; view += 1)
      expect((await beacon({ PlatformNFTId: id }, { address })).status).toBe(204);
    expect(await storedCounts(id)).toEqual({ views: BEACONS_PER_MINUTE });
  });
});

describe("counting appearances", () => {
  it("counts a collection in API search answers and a perk in perk search answers", async () => {
    const { id, first, second, word } = await collection();
    const found = await search(partner.key, { query: word });
    expect((await found.json()).Docs.map((doc: { PlatformNFTId: string }) => doc.PlatformNFTId)).toEqual([id]);
    await search(partner.key, { query: word });
    const perks = await findPerks(partner.key, { query: word });
    expect(perks.status).toBe(200);
    const counts = await storedCounts(id);
    expect(counts.search).toBe(2);
    expect(counts[`search:${first}`]).toBe(1);
    expect(counts[`search:${second}`]).toBe(1);
  });

  it("does not count searches run for nobody (the warm-up's, the browser's facet-only ones)", async () => {
    const { id, word } = await collection();
    await uncounted(() => searchCollections({ query: word }));
    expect(await storedCounts(id)).toEqual({});
  });
});

describe("the counting redirect", () => {
  it("follows only the collection's own stored links, counting the click", async () => {
    const { id } = await collection();
    const follow = (url: string, agent = BROWSER) =>
      callRoute(new Request(`http://localhost${outboundHref(id, url)}`, { headers: { ...authHeaders(null), "user-agent": agent } }));
    const went = await follow("https://otters.example.com");
    expect(went.status).toBe(302);
    expect(went.headers.get("location")).toBe("https://otters.example.com");
    expect(went.headers.get("cache-control")).toMatch(/no-store/);
    expect((await follow("https://opensea.io/collection/otters")).status).toBe(302);
    // A bot is sent on but not counted.
    expect((await follow("https://otters.example.com", "curl/8.5.0")).status).toBe(302);

    for (const target of ["https://evil.example.com", "https://otters.example.com/", "//evil.example.com", "javascript:alert(1)"]) {
      const refused = await follow(target);
      expect(refused.status, target).toBe(400);
      expect(refused.headers.get("location")).toBeNull();
      expect((await refused.json()).error).toMatch(/^to: /);
    }
    const unknown = await callRoute(
      new Request(`http://localhost${outboundHref("no-such-collection", "https://otters.example.com")}`, { headers: authHeaders(null) }),
    );
    expect(unknown.status).toBe(404);
    expect(await storedCounts(id)).toEqual({ clicks: 2 });
  });
});

describe("GET /api-gateway/collections/{id}/insights", () => {
  it("answers every day of the range, zeros included, oldest first", async () => {
    const { id } = await collection();
    const answer = await insightsOk(id, "?from=2026-01-01&to=2026-01-07");
    expect(answer.From).toBe("2026-01-01");
    expect(answer.Days.map((day) => day.Day)).toEqual([
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
      "2026-01-04",
      "2026-01-05",
      "2026-01-06",
      "2026-01-07",
    ]);
    expect(answer.Totals).toEqual({ Views: 0, SearchAppearances: 0, WalletAppearances: 0, Claims: 0, Redemptions: 0, OutboundClicks: 0 });
    expect((await insightsOk(id)).Days).toHaveLength(30);
  });

  it("refuses a reversed range, one past 366 days, a bad date and an unknown parameter with a 400 naming the field", async () => {
    const { id } = await collection();
    const cases: [string, RegExp][] = [
      ["?from=2026-02-01&to=2026-01-01", /^to: /],
      ["?from=2025-01-01&to=2026-01-02", /^from: .*366 days/],
      ["?from=2026-02-30", /^from: /],
      ["?to=yesterday", /^to: /],
      ["?days=7", /^days: unknown query parameter/],
    ];
    for (const [query, message] of cases) {
      const response = await insights(partner.key, id, query);
      expect(response.status, query).toBe(400);
      expect((await response.json()).error, query).toMatch(message);
    }
    expect((await insights(partner.key, id, "?from=2025-01-02&to=2026-01-02")).status).toBe(200);
  });

  it("is in the OpenAPI document and the typed client", async () => {
    const { id } = await collection();
    const client = createApiClient({ baseUrl: "http://localhost", apiKey: partner.key, fetch: fetchRoute });
    const read = await client.GET("/api-gateway/collections/{PlatformNFTId}/insights", {
      params: { path: { PlatformNFTId: id }, query: { from: "2026-03-01", to: "2026-03-02" } },
    });
    expect(read.data!.Days.map((day) => day.Day)).toEqual(["2026-03-01", "2026-03-02"]);
    const document = await (await callRoute(new Request("http://localhost/api-gateway/openapi.json"))).json();
    expect(document.paths["/api-gateway/collections/{PlatformNFTId}/insights"].get.operationId).toBe("getCollectionInsights");
  });

  it("is for the collection's team: another team's key is a 403, no key a 401, an unknown id a 404", async () => {
    const { id } = await collection();
    expect((await insights(stranger.key, id)).status).toBe(403);
    expect((await insights(null, id)).status).toBe(401);
    expect((await insights(partner.key, "no-such-collection")).status).toBe(404);
  });
});

describe("flushing", () => {
  it("adds the counts pending at a stop to the store (what server.mjs calls on SIGTERM)", async () => {
    const { id } = await collection();
    startInsightsFlush();
    countInsight("views", { collectionId: id }, 5);
    await processSlot<() => Promise<void>>("insights.flush").value!();
    const rows = await queryRows<{ count: number }>(
      await getDb(),
      sql`SELECT count::int AS count FROM insight_counts WHERE collection_id = ${id} AND metric = 'views'`,
    );
    expect(rows).toEqual([{ count: 5 }]);
  });

  it("adds up what two instances flush at once, in one row per key", async () => {
    const { id, first } = await collection();
    // Each instance's tally, as two servers would hold them, flushed together.
    countInsight("views", { collectionId: id }, 2);
    countInsight("claims", { collectionId: id, perkId: first }, 1);
    const one = takePending();
    countInsight("views", { collectionId: id }, 3);
    countInsight("claims", { perkId: first }, 4);
    const other = takePending();
    await Promise.all([addToStore(one), addToStore(other)]);
    expect(await storedCounts(id)).toEqual({ views: 5, [`claims:${first}`]: 5 });
  });

  it.runIf(process.env.REDIS_URL && process.env.DATABASE_URL)(
    "with Redis, adds every instance's counts in one drain, and a drain left unfinished on the next",
    async () => {
      const { id } = await collection();
      const redis = redisStage()!;
      // Two instances stage their tallies; one drain stores both in one upsert.
      countInsight("views", { collectionId: id }, 2);
      await stageInRedis(redis, takePending());
      countInsight("views", { collectionId: id }, 3);
      await stageInRedis(redis, takePending());
      const upserts: number[] = [];
      const counting = async (tally: Map<string, number>) => {
        upserts.push(tally.size);
        return addToStore(tally);
      };
      await drainRedis(redis, counting, 5_000);
      expect(upserts).toEqual([1]);
      expect(await storedCounts(id)).toEqual({ views: 5 });

      // A drain whose store failed leaves its hash; the next drain stores it.
      countInsight("views", { collectionId: id }, 4);
      await stageInRedis(redis, takePending());
      await expect(drainRedis(redis, () => Promise.reject(new Error("store down")), 5_000)).rejects.toThrow("store down");
      const database = new URL(process.env.DATABASE_URL!).pathname.slice(1);
      expect(Object.values(await redis.hgetall(`uds:insights:${database}:draining`))).toEqual(["4"]);
      await drainRedis(redis, addToStore, 5_000);
      expect(await storedCounts(id)).toEqual({ views: 9 });
    },
  );

  it("keeps the counts of a flush that failed for the next one", async () => {
    const { id } = await collection();
    countInsight("views", { collectionId: id }, 1);
    const db = await getDb();
    await db.execute(sql`ALTER TABLE insight_counts RENAME TO insight_counts_away`);
    await expect(flushInsights()).rejects.toThrow();
    await db.execute(sql`ALTER TABLE insight_counts_away RENAME TO insight_counts`);
    expect(await storedCounts(id)).toEqual({ views: 1 });
  });
});
