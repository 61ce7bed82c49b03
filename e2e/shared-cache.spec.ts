import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { PUBLIC_MAX_AGE, PUBLIC_STALE } from "../lib/http/public-pages.mjs";
import { startNginxCache, type RunningNginx } from "../scripts/nginx-cache";
import { killAllServers, startServer, type RunningServer } from "../scripts/production-server";
import { expect, test } from "./fixtures";

/**
 * The production server behind the repository's nginx cache (deploy/nginx/uds-cache.conf), as a
 * self-hosted deployment runs it with TRUSTED_PROXY_HOPS=1: what is a hit, what never is, how soon
 * an edit shows, and the client address's budget through the proxy. Ports: the server on
 * E2E_PORT + 1, nginx on E2E_PORT + 2.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const SEARCHES_PER_MINUTE = 4;
const METRICS_TOKEN = "shared-cache-metrics-token";
/** This server's PAGE_KEEP_MS: the longest a page is kept on its search answers' freshness alone. */
const PAGE_KEEP_MS = 10_000;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * Each test's own client address (127.0.1.x): page views spend the client address's read budget,
 * which this server keeps small for the budget test, so tests never spend each other's.
 */
let testClient = "127.0.1.1";
let clients = 0;
test.beforeEach(() => {
  clients += 1;
  testClient = `127.0.1.${clients}`;
});

/** A GET from a chosen loopback source address (127.0.0.x; by default the test's own): the proxy sees a different client for each. */
function get(url: string, { from = testClient, headers = {} }: { from?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(url, { localAddress: from, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.once("error", reject);
    req.end();
  });
}

test.describe.configure({ mode: "serial", timeout: 240_000 });

let server: RunningServer;
let nginx: RunningNginx;
let key: string;
const store = fs.mkdtempSync(path.join(os.tmpdir(), "uds-shared-cache-"));

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: store };
  delete env.DATABASE_URL;
  key = execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/keys-create.ts", "cache@example.com"], {
    env,
    encoding: "utf8",
  }).trim();
  server = startServer(BASE_PORT + 1, {
    PGLITE_DIR: store,
    DATABASE_URL: undefined,
    TRUSTED_PROXY_HOPS: "1",
    RATE_LIMIT_SEARCH_PER_MINUTE: String(SEARCHES_PER_MINUTE),
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2530}`,
    LOG_LEVEL: "warn",
    METRICS_TOKEN,
    // Shorter than a copy checked at each view is seen kept (the browser's test below).
    PAGE_KEEP_MS: String(PAGE_KEEP_MS),
  });
  await server.ready({ timeoutMs: 240_000 });
  nginx = await startNginxCache(BASE_PORT + 2, `127.0.0.1:${BASE_PORT + 1}`);
});

test.afterAll(async () => {
  await nginx?.stop();
  killAllServers();
  fs.rmSync(store, { recursive: true, force: true });
});

async function save(
  nftData: Record<string, unknown>,
  perkData?: Record<string, unknown>[],
): Promise<{ PlatformNFTId: string; Version: number; Title: string }> {
  const response = await fetch(`${server.url}/api-gateway/create`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ nftData: { ContractChain: "Base", ...nftData }, ...(perkData ? { perkData } : {}) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()).nftData;
}

test("a collection page is rendered once, then served from the cache to every anonymous visitor", async () => {
  const saved = await save({ Title: "Cached Comets" });
  const url = `${nginx.url}/collections/${saved.PlatformNFTId}`;
  const first = await get(url);
  expect(first.status).toBe(200);
  expect(first.headers["x-cache-status"]).toBe("MISS");
  expect(first.headers["cache-control"]).toBe(`public, max-age=0, s-maxage=${PUBLIC_MAX_AGE}, stale-while-revalidate=${PUBLIC_STALE}`);
  expect(first.headers["set-cookie"]).toBeUndefined();
  const second = await get(url, { from: "127.0.0.2" });
  expect(second.headers["x-cache-status"]).toBe("HIT");
  expect(second.body).toBe(first.body);
  // The copy carries its scripts' hashes, not a nonce: the same policy serves everyone.
  expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
  expect(second.headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(second.body).toContain("Cached Comets");
});

test("a typed URL's redirect to its tidy form is cached like the page it leads to", async () => {
  const first = await get(`${nginx.url}/perks?page=2&category=Merch`);
  expect(first.status).toBe(307);
  expect(first.headers.location).toBe("/perks?category=Merch&pageNum=2");
  expect(first.headers["cache-control"]).toBe(`public, max-age=0, s-maxage=${PUBLIC_MAX_AGE}, stale-while-revalidate=${PUBLIC_STALE}`);
  expect((await get(`${nginx.url}/perks?page=2&category=Merch`)).headers["x-cache-status"]).toBe("HIT");
});

test("an unknown collection's 404 is cached briefly; a malformed path never is", async () => {
  const unknown = await get(`${nginx.url}/collections/no-such-collection-id`);
  expect(unknown.status).toBe(404);
  expect(unknown.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=[1-9]$/);
  expect((await get(`${nginx.url}/collections/no-such-collection-id`)).headers["x-cache-status"]).toBe("HIT");
  for (let i = 0; i < 2; i += 1) {
    const malformed = await get(`${nginx.url}/collections/%FF`);
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.headers["x-cache-status"]).not.toBe("HIT");
  }
});

test("portal pages and answers to a signed-in browser or a key are never cached, nor fill the cache", async () => {
  for (let i = 0; i < 2; i += 1) {
    const portal = await get(`${nginx.url}/portal/sign-in`);
    expect(portal.status).toBe(200);
    expect(portal.headers["x-cache-status"]).toBe("MISS");
    expect(portal.headers["cache-control"]).toMatch(/private/);
    expect(portal.headers["cache-control"]).toMatch(/no-store/);
  }
  const saved = await save({ Title: "Personal Pulsars" });
  const url = `${nginx.url}/collections/${saved.PlatformNFTId}`;
  const personalHeaders: Record<string, string>[] = [{ cookie: "better-auth.session_token=someone" }, { authorization: `Bearer ${key}` }];
  for (const headers of personalHeaders) {
    const personal = await get(url, { headers });
    expect(personal.status).toBe(200);
    expect(personal.headers["x-cache-status"]).toBe("BYPASS");
    expect(personal.headers["cache-control"]).toMatch(/private/);
  }
  // Neither filled the entry: the first anonymous visitor is still a miss.
  expect((await get(url)).headers["x-cache-status"]).toBe("MISS");
  // And a cached copy is never handed to a request with a cookie.
  expect((await get(url)).headers["x-cache-status"]).toBe("HIT");
  expect((await get(url, { headers: { cookie: "better-auth.session_token=someone" } })).headers["x-cache-status"]).toBe("BYPASS");
});

test("a partner's edit shows at the origin at once and through the cache within N + M seconds", async () => {
  const saved = await save({ Title: "Before Borealis" });
  const url = `${nginx.url}/collections/${saved.PlatformNFTId}`;
  await get(url);
  expect((await get(url)).headers["x-cache-status"]).toBe("HIT");
  await save({ PlatformNFTId: saved.PlatformNFTId, Version: saved.Version, Title: "After Aurora" });
  expect((await get(`${server.url}/collections/${saved.PlatformNFTId}`)).body).toContain("After Aurora");
  // Polled through the proxy, each answer awaited: the deadline is the documented bound plus a render.
  await expect
    .poll(async () => (await get(url)).body.includes("After Aurora"), { timeout: (PUBLIC_MAX_AGE + PUBLIC_STALE + 10) * 1000 })
    .toBe(true);
});

test("the origin answers a collection page again from its kept copy until the collection changes, and still spends the budget", async () => {
  const saved = await save({ Title: "Kept Kestrel" });
  const origin = `${server.url}/collections/${saved.PlatformNFTId}`;
  // Behind one trusted proxy the last X-Forwarded-For entry is the client: a new one per view here.
  let viewer = 0;
  const view = () => get(origin, { headers: { "x-forwarded-for": `198.51.100.${++viewer}` } });
  const first = await view();
  expect(first.status).toBe(200);
  expect(first.headers["x-origin-cache"]).toBe("miss");
  const again = await view();
  expect(again.headers["x-origin-cache"]).toBe("hit");
  // Its rows' stamp was read for this view: the copy is as new as a render (decision 098).
  expect(again.headers.age).toBe("0");
  expect(again.body).toBe(first.body);
  expect(again.headers["cache-control"]).toBe(first.headers["cache-control"]);
  expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
  expect(again.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);

  // Another collection's write changes nothing this page shows: still the kept copy.
  await save({ Title: "Kept Kestrel's Neighbour" });
  expect((await view()).headers["x-origin-cache"]).toBe("hit");

  // Its own edit: the very next view is rendered and shows it.
  await save({ PlatformNFTId: saved.PlatformNFTId, Version: saved.Version, Title: "Kept Kingfisher" });
  const edited = await view();
  expect(edited.headers["x-origin-cache"]).toBe("miss");
  expect(edited.body).toContain("Kept Kingfisher");
  expect(edited.body).not.toContain("Kept Kestrel");

  // One client's views, kept or rendered, spend its read budget; past it, an uncached 429.
  const statuses: number[] = [];
  const sources: string[] = [];
  for (let i = 0; i <= SEARCHES_PER_MINUTE; i += 1) {
    const answer = await get(origin, { headers: { "x-forwarded-for": "198.51.100.200" } });
    statuses.push(answer.status);
    sources.push(String(answer.headers["x-origin-cache"]));
  }
  expect(statuses).toEqual([...Array<number>(SEARCHES_PER_MINUTE).fill(200), 429]);
  expect(sources.slice(0, SEARCHES_PER_MINUTE)).toContain("hit");
  const refused = await get(origin, { headers: { "x-forwarded-for": "198.51.100.200" } });
  expect(refused.status).toBe(429);
  expect(refused.headers["cache-control"]).toBe("private, no-store");

  // Operators see the kept copies at work.
  const metrics = await (await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  expect(metrics).toMatch(/uds_kept_page_answers_total\{result="hit"\} [1-9]/);
  expect(metrics).toMatch(/uds_kept_page_answers_total\{result="miss"\} [1-9]/);
});

test("the origin renders a kept collection page again once a perk on it turns Past", async () => {
  // A perk over a few seconds from now: kept until then, and the next view after it is rendered with the perk under Past.
  const turnsPast = Math.ceil(Date.now() / 1000) + 6;
  const saved = await save({ Title: "Timed Terns" }, [
    {
      ShortDescription: "Tern tour",
      Status: "Upcoming",
      Tags: ["Events"],
      Date: { dt: { seconds: turnsPast, nanoseconds: 0 }, timeSet: true },
    },
  ]);
  const origin = `${server.url}/collections/${saved.PlatformNFTId}`;
  let viewer = 0;
  const view = () => get(origin, { headers: { "x-forwarded-for": `198.51.102.${(++viewer % 250) + 1}` } });
  const first = await view();
  expect(first.headers["x-origin-cache"]).toBe("miss");
  expect(first.body).toContain('id="perks-upcoming"');
  expect(first.body).not.toContain('id="perks-past"');
  const again = await view();
  if (Date.now() < turnsPast * 1000) expect(again.headers["x-origin-cache"]).toBe("hit");
  await expect
    .poll(
      async () => {
        const answer = await view();
        return answer.headers["x-origin-cache"] === "miss" && answer.body.includes('id="perks-past"');
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  // Rendered once after the moment, then kept again: it has no perk left to turn.
  expect((await view()).headers["x-origin-cache"]).toBe("hit");
});

test("the origin keeps the browser's page while no search write commits, past PAGE_KEEP_MS, and renders it at the next one", async () => {
  const saved = await save({ Title: "Sought Sparrows" });
  const url = `${server.url}/?query=${encodeURIComponent("sought sparrows")}`;
  let viewer = 0;
  const view = () => get(url, { headers: { "x-forwarded-for": `198.51.101.${(++viewer % 250) + 1}` } });
  // Past its search answers' freshness a copy is checked at each view (decision 099): the server's
  // own job bookkeeping commits every few seconds meanwhile, which no longer ends it. Seen kept
  // longer than this server's PAGE_KEEP_MS (10 s); a background refresh of the frequent words (a
  // search write) may end one copy, so the count restarts at a render.
  const keptFor = PAGE_KEEP_MS + 1_000;
  let renderedAt = 0;
  let rendered = "";
  const hits: { age: unknown; same: boolean }[] = [];
  await expect
    .poll(
      async () => {
        const answer = await view();
        if (answer.headers["x-origin-cache"] !== "hit") {
          renderedAt = Date.now();
          rendered = answer.body;
          return false;
        }
        hits.push({ age: answer.headers.age, same: answer.body === rendered });
        return Date.now() - renderedAt > keptFor;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(true);
  expect(rendered).toContain("Sought Sparrows");
  // Each hit was the copy, checked at its view: as new as a render.
  expect(hits.length).toBeGreaterThan(0);
  expect(hits.filter((hit) => hit.age !== "0" || !hit.same)).toEqual([]);

  // Renamed: the search write ends the copy, so the page stops showing the old title once the
  // search would (its answers' freshness), not at the copy's age bound.
  await save({ PlatformNFTId: saved.PlatformNFTId, Version: saved.Version, Title: "Found Finches" });
  const renamed = Date.now();
  await expect.poll(async () => (await view()).body.includes("Sought Sparrows"), { timeout: 8_000 }).toBe(false);
  expect(Date.now() - renamed).toBeLessThan(8_000);
});

test("each view the origin answers from a kept browser page counts its search appearances, as a render does", async () => {
  const saved = await save({ Title: "Counted Cormorants" });
  const url = `${server.url}/?query=${encodeURIComponent("counted cormorants")}`;
  let viewer = 0;
  const sources: string[] = [];
  // Views until three were answered from the copy; every answer (render or copy) showed the collection.
  await expect
    .poll(
      async () => {
        const answer = await get(url, { headers: { "x-forwarded-for": `198.51.103.${(++viewer % 250) + 1}` } });
        expect(answer.status).toBe(200);
        expect(answer.body).toContain("Counted Cormorants");
        sources.push(String(answer.headers["x-origin-cache"]));
        return sources.filter((source) => source === "hit").length;
      },
      { timeout: 90_000 },
    )
    .toBeGreaterThanOrEqual(3);
  // Counted in memory, stored by the next flush (every 10 s): one appearance per view. Asked at
  // most four times a minute, this server's read budget for the account.
  const insights = `${server.url}/api-gateway/collections/${saved.PlatformNFTId}/insights`;
  await expect
    .poll(
      async () => {
        const response = await fetch(insights, { headers: { authorization: `Bearer ${key}` } });
        return response.status === 200 ? (await response.json()).Totals.SearchAppearances : `status ${response.status}`;
      },
      { timeout: 58_000, intervals: [12_000, 20_000] },
    )
    .toBe(sources.length);
});

test("behind the proxy the budget is the client's: a client past it gets an uncached 429, another is served", async () => {
  const spender = "127.0.0.5";
  const statuses: number[] = [];
  // Varied searches miss the cache, so each one reaches the server and spends this client's budget.
  // A forged X-Forwarded-For changes nothing: the proxy appends the address it saw.
  for (let i = 0; i <= SEARCHES_PER_MINUTE; i += 1) {
    const answer = await get(`${nginx.url}/?query=budget${i}`, { from: spender, headers: { "x-forwarded-for": `198.51.100.${i}` } });
    statuses.push(answer.status);
  }
  expect(statuses).toEqual([...Array<number>(SEARCHES_PER_MINUTE).fill(200), 429]);
  const refused = await get(`${nginx.url}/?query=budget-refused`, { from: spender });
  expect(refused.status).toBe(429);
  expect(refused.headers["cache-control"]).toBe("private, no-store");
  // Not kept: asked again, the same URL is not a hit.
  expect((await get(`${nginx.url}/?query=budget-refused`, { from: spender })).headers["x-cache-status"]).not.toBe("HIT");
  const other = await get(`${nginx.url}/?query=budget-refused`, { from: "127.0.0.6" });
  expect(other.status).toBe(200);
  // Pages already cached still reach the spender: a hit costs the server no search.
  expect((await get(`${nginx.url}/?query=budget0`, { from: spender })).status).toBe(200);
});

test("a cached page hydrates under its hash policy, with no script refused", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const saved = await save({ Title: "Hydrated Helix" });
  const url = `${nginx.url}/collections/${saved.PlatformNFTId}`;
  // The browser's first visit fills the copy for its Accept-Encoding (a Vary), its second is served from it.
  await page.goto(url);
  const response = await page.goto(url);
  expect(response?.headers()["x-cache-status"]).toBe("HIT");
  // The account menu is the browser's part: "Partner sign-in" appears once React has hydrated and asked.
  await expect(page.getByRole("link", { name: "Partner sign-in" })).toBeVisible();
  expect(violations).toEqual([]);
});
