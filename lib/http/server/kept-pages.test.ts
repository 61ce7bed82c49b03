import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import type { FoundPage, KeptPage } from "@/lib/http/public-page-response.mjs";
import { createPageKeeper } from "./kept-pages";

const request = (url: string, headers: Record<string, string> = {}) =>
  ({ url, headers: { host: "uds.test", ...headers } }) as IncomingMessage;
const page = (html: string): KeptPage => ({
  status: 200,
  headers: [],
  brotli: brotliCompressSync(html),
  length: html.length,
  storedAt: Date.now(),
});
const markup = (found: FoundPage | null) => (found?.page ? brotliDecompressSync(found.page.brotli).toString() : undefined);

/** A keeper over a stamp the test moves, counting the budget's spends by client address. */
function keeperFor({ maxAgeMs = 60_000, stampedMaxAgeMs = undefined as number | undefined, refuseAfter = Infinity } = {}) {
  const state = {
    stamp: "10:12:",
    spent: new Map<string, number>(),
    freshUntil: undefined as number | undefined,
    exactAt: undefined as string | undefined,
    since: undefined as number | undefined,
    /** The snapshot no search write has committed since (the database's, as far as searches go). */
    snapshot: "20:20:",
    /** The checks made: the snapshot and the computation time each was asked about. */
    checks: [] as { exactAt: string; since: number }[],
    appearances: undefined as { PlatformNFTId: string; PlatformPerkId?: string }[] | undefined,
    /** The appearances counted for views answered from a copy, in order. */
    counted: [] as { PlatformNFTId: string | number; PlatformPerkId?: string }[][],
  };
  const keeper = createPageKeeper({
    maxAgeMs,
    stampedMaxAgeMs,
    noted: () => ({ freshUntil: state.freshUntil, exactAt: state.exactAt, since: state.since, appearances: state.appearances }),
    appeared: (appearances) => state.counted.push(appearances),
    unchanged: async (exactAt, since) => {
      state.checks.push({ exactAt, since });
      if (state.snapshot === "unreachable") throw new Error("connection refused");
      return exactAt === state.snapshot;
    },
    maxBytes: 1024 * 1024,
    stamp: async () => state.stamp,
    spend: async (req, pathname) => {
      expect(["/", "/perks", "/docs"].includes(pathname) || pathname.startsWith("/collections/")).toBe(true);
      const address = req.headers.get("x-uds-socket-address") ?? "";
      const count = (state.spent.get(address) ?? 0) + 1;
      state.spent.set(address, count);
      return count > refuseAfter ? new Response("slow down", { status: 429, headers: { "retry-after": "9" } }) : null;
    },
  });
  return { keeper, state };
}

describe("pages kept at the origin", () => {
  it("are found under the stamp of the data they show, and missed once it changes", async () => {
    const { keeper, state } = keeperFor();
    const miss = await keeper.find(request("/collections/c1"));
    expect(miss).toEqual({ key: "10:12:|uds.test|/collections/c1" });
    keeper.keep(miss!.key, page("<p>one</p>"), request("/collections/c1"));
    expect(markup(await keeper.find(request("/collections/c1")))).toBe("<p>one</p>");
    // Another URL, or the same URL on another host, is another page.
    expect((await keeper.find(request("/collections/c1?perks=all")))?.page).toBeUndefined();
    expect((await keeper.find(request("/collections/c1", { host: "other.test" })))?.page).toBeUndefined();
    state.stamp = "10:13:";
    expect(await keeper.find(request("/collections/c1"))).toEqual({ key: "10:13:|uds.test|/collections/c1" });
  });

  it("keep only the browser, perk discovery, collection pages and the docs, and none when no stamp can be had", async () => {
    const { keeper, state } = keeperFor();
    for (const url of ["/wallet/0xabc", "/wallet", "/portal", "/collections/c1/feed.xml", "/perks/feed.xml"]) {
      expect(await keeper.find(request(url)), url).toBeNull();
    }
    for (const url of ["/", "/?query=club", "/perks?category=Merch", "/docs"]) expect(await keeper.find(request(url)), url).not.toBeNull();
    state.stamp = "";
    expect(await keeper.find(request("/collections/c1"))).toBeNull();
  });

  it("spend the client's read budget on every kept answer, and answer its refusal past it", async () => {
    const { keeper, state } = keeperFor({ refuseAfter: 2 });
    const from = { "x-uds-socket-address": "203.0.113.9" };
    const { key } = (await keeper.find(request("/collections/c1", from)))!;
    // A miss spends nothing here: the render spends it (proxy.ts).
    expect(state.spent.size).toBe(0);
    keeper.keep(key, page("<p>one</p>"), request("/collections/c1"));
    expect((await keeper.find(request("/collections/c1", from)))?.page).toBeDefined();
    expect((await keeper.find(request("/collections/c1", from)))?.page).toBeDefined();
    const refused = await keeper.find(request("/collections/c1", from));
    expect(refused?.page).toBeUndefined();
    expect(refused?.refusal).toMatchObject({ status: 429 });
    expect(refused?.refusal?.headers).toContainEqual(["retry-after", "9"]);
    expect(refused?.refusal?.body.toString()).toBe("slow down");
    expect(state.spent.get("203.0.113.9")).toBe(3);
    // Another client address has its own budget.
    expect((await keeper.find(request("/collections/c1", { "x-uds-socket-address": "203.0.113.10" })))?.page).toBeDefined();
  });

  it("make the views that miss while the same page is being rendered wait for that one render", async () => {
    const { keeper, state } = keeperFor();
    const first = await keeper.find(request("/collections/c1"));
    expect(first).toEqual({ key: "10:12:|uds.test|/collections/c1" });
    const waiting = [keeper.find(request("/collections/c1")), keeper.find(request("/collections/c1"))];
    let settled = false;
    void Promise.all(waiting).then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    keeper.keep(first!.key, page("<p>one</p>"), request("/collections/c1"));
    for (const found of await Promise.all(waiting)) expect(markup(found)).toBe("<p>one</p>");
    // Each waiting view was answered from the page, so each spent the budget.
    expect(state.spent.get("")).toBe(2);

    // A render that is not kept sends each waiting view to render itself; the next view renders anew.
    const second = await keeper.find(request("/docs"));
    const waiter = keeper.find(request("/docs"));
    await new Promise((resolve) => setImmediate(resolve));
    keeper.keep(second!.key, null, request("/docs"));
    expect(await waiter).toEqual({ key: second!.key, waited: true });
    expect(await keeper.find(request("/docs"))).toEqual({ key: second!.key });
  });

  it("are kept no longer than their age bound, for what a page takes from the clock", async () => {
    const { keeper } = keeperFor({ maxAgeMs: 20 });
    const { key } = (await keeper.find(request("/collections/c1")))!;
    keeper.keep(key, page("<p>one</p>"), request("/collections/c1"));
    expect((await keeper.find(request("/collections/c1")))?.page).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect((await keeper.find(request("/collections/c1")))?.page).toBeUndefined();
  });

  it("keep a page found by its stamp for the stamped bound, past the search pages' one, until the moment its render noted", async () => {
    const { keeper, state } = keeperFor({ maxAgeMs: 20, stampedMaxAgeMs: 60_000 });
    const render = async (url: string) => {
      const found = await keeper.find(request(url));
      expect(found?.page, url).toBeUndefined();
      keeper.keep(found!.key, page(`<p>${url}</p>`), request(url));
    };
    // A collection page that noted nothing (no perk will turn Past) and the docs.
    await render("/collections/c1");
    await render("/docs");
    // A collection page whose first perk turns Past in a second.
    const turnsPast = Date.now() + 1_000;
    state.freshUntil = turnsPast;
    await render("/collections/c2");
    // A search page, found unchanged at each view: as long as a stamped one.
    state.freshUntil = Date.now() - 1;
    state.exactAt = "20:20:";
    await render("/perks");
    // One kept on its answers' freshness alone: no longer than `maxAgeMs`.
    state.freshUntil = Date.now() + 60_000;
    state.exactAt = "";
    await render("/?query=club");
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(markup(await keeper.find(request("/collections/c1")))).toBe("<p>/collections/c1</p>");
    expect(markup(await keeper.find(request("/docs")))).toBe("<p>/docs</p>");
    expect(markup(await keeper.find(request("/collections/c2")))).toBe("<p>/collections/c2</p>");
    expect(markup(await keeper.find(request("/perks")))).toBe("<p>/perks</p>");
    expect((await keeper.find(request("/?query=club")))?.page).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, turnsPast + 20 - Date.now()));
    expect((await keeper.find(request("/collections/c2")))?.page).toBeUndefined();
    expect((await keeper.find(request("/collections/c1")))?.page).toBeDefined();
  });

  it("say a kept answer is current when what it shows was found unchanged at this view", async () => {
    const { keeper, state } = keeperFor();
    const render = async (url: string) => {
      const found = await keeper.find(request(url));
      keeper.keep(found!.key, page("<p>kept</p>"), request(url));
    };
    await render("/collections/c1");
    // Its stamp was read for this view.
    expect(await keeper.find(request("/collections/c1"))).toMatchObject({ current: true });
    // A search page within its answers' freshness is as old as its render; past it, checked.
    state.freshUntil = Date.now() + 60_000;
    state.exactAt = "20:20:";
    await render("/?query=club");
    expect(await keeper.find(request("/?query=club"))).toMatchObject({ current: false });
    state.freshUntil = Date.now() - 1;
    await render("/?query=otters");
    expect(await keeper.find(request("/?query=otters"))).toMatchObject({ current: true });
  });

  it("keep a search page no longer than the search answers its render noted, and not at all without them", async () => {
    const { keeper, state } = keeperFor({ maxAgeMs: 60_000 });
    const url = "/perks?category=Merch";
    /** A view that misses renders: here, the render is `rendered` (null: not kept). */
    const miss = async (rendered: KeptPage | null) => {
      const found = await keeper.find(request(url));
      expect(found?.page).toBeUndefined();
      keeper.keep(found!.key, rendered, request(url));
    };
    // Noted nothing: not kept.
    await miss(page("<p>perks</p>"));
    // Its answers are fresh for 30 ms more: kept that long, then rendered again.
    state.freshUntil = Date.now() + 30;
    await miss(page("<p>perks</p>"));
    expect(markup(await keeper.find(request(url)))).toBe("<p>perks</p>");
    await new Promise((resolve) => setTimeout(resolve, 60));
    // Answers already past their bound when the page was finished: not kept either.
    await miss(page("<p>perks</p>"));
    await miss(null);
  });

  it("keep a search page past its answers' freshness while it is found unchanged since its answers' snapshot and computation", async () => {
    const { keeper, state } = keeperFor({ maxAgeMs: 60_000 });
    const render = async (url: string) => {
      const found = await keeper.find(request(url));
      expect(found?.page).toBeUndefined();
      keeper.keep(found!.key, page("<p>club</p>"), request(url));
    };
    const shown = async (url: string) => (await keeper.find(request(url)))?.page !== undefined;
    // Within its answers' freshness nothing is checked.
    state.freshUntil = Date.now() + 60_000;
    state.exactAt = "20:20:";
    await render("/?query=club");
    expect(await shown("/?query=club")).toBe(true);
    expect(state.checks).toEqual([]);
    // Past it (here, already when kept), shown while no search write has committed since its answers' snapshot.
    const url = "/?query=otters";
    state.freshUntil = Date.now() - 1;
    state.since = Date.now() - 400;
    state.snapshot = "20:21:";
    await render(url);
    // Its answers were exact for a snapshot a search write committed after: rendered again.
    state.exactAt = "20:21:";
    await render(url);
    expect(await shown(url)).toBe(true);
    expect(await shown(url)).toBe(true);
    // Each check asks about the snapshot and the moment the page's answers were computed from.
    expect(state.checks).toEqual([
      { exactAt: "20:20:", since: state.since },
      { exactAt: "20:21:", since: state.since },
      { exactAt: "20:21:", since: state.since },
    ]);
    // A search write (or a clock edge): rendered again.
    state.snapshot = "20:22:";
    await render(url);
    // A check that fails: rendered, and the copy dropped rather than failing each view.
    state.exactAt = "20:22:";
    await render(url);
    state.snapshot = "unreachable";
    await render(url);
    state.snapshot = "20:22:";
    expect(await shown(url)).toBe(true);
  });

  it("keep a search page only while its answers are fresh when they are exact for no one snapshot, or cannot be checked", async () => {
    for (const withSnapshot of [true, false]) {
      const { keeper, state } = keeperFor({ maxAgeMs: 60_000 });
      const used = withSnapshot
        ? keeper
        : createPageKeeper({
            maxAgeMs: 60_000,
            maxBytes: 1 << 20,
            stamp: async () => "search",
            spend: async () => null,
            noted: () => ({ freshUntil: state.freshUntil, exactAt: state.exactAt }),
          });
      const kept = async (url: string) => {
        const found = await used.find(request(url));
        used.keep(found!.key, page("<p>events</p>"), request(url));
        return (await used.find(request(url)))?.page !== undefined;
      };
      state.exactAt = withSnapshot ? "" : "20:20:";
      state.freshUntil = Date.now() + 60_000;
      expect(await kept("/perks?category=Events"), `fresh, ${withSnapshot}`).toBe(true);
      state.freshUntil = Date.now() - 1;
      expect(await kept("/perks?category=Merch"), `past, ${withSnapshot}`).toBe(false);
    }
  });

  it("end a search page kept past its answers' freshness at the checked pages' age bound, whatever the checks say", async () => {
    const { keeper, state } = keeperFor({ maxAgeMs: 10, stampedMaxAgeMs: 50 });
    const url = "/perks";
    state.freshUntil = Date.now() - 1;
    state.exactAt = "20:20:";
    const found = await keeper.find(request(url));
    keeper.keep(found!.key, page("<p>perks</p>"), request(url));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await keeper.find(request(url)))?.page).toBeUndefined();
    expect(state.snapshot).toBe("20:20:");
    expect(state.checks).toEqual([]);
  });
  it("count a search page's appearances at each view answered from its copy, and a stamped page's none", async () => {
    const { keeper, state } = keeperFor({ refuseAfter: 2 });
    const shown = [{ PlatformNFTId: "c1" }, { PlatformNFTId: "c2", PlatformPerkId: "p1" }];
    state.freshUntil = Date.now() + 60_000;
    state.exactAt = "20:20:";
    state.appearances = shown;
    const url = "/perks?category=Events";
    const miss = await keeper.find(request(url));
    // The render counted its own (lib/insights/counter.ts): nothing more here.
    keeper.keep(miss!.key, page("<p>events</p>"), request(url));
    expect(state.counted).toEqual([]);
    // A view waiting for a render counts when the render is kept; views of the copy count each.
    const other = "/perks?category=Merch";
    const rendering = await keeper.find(request(other));
    const waiting = keeper.find(request(other));
    keeper.keep(rendering!.key, page("<p>merch</p>"), request(other));
    expect((await waiting)?.page).toBeDefined();
    expect((await keeper.find(request(url)))?.page).toBeDefined();
    expect(state.counted).toEqual([shown, shown]);
    // A view refused by the budget shows nothing and counts nothing.
    expect((await keeper.find(request(url)))?.refusal?.status).toBe(429);
    expect(state.counted).toHaveLength(2);
    // A collection page counts its views by the browser's beacon, not here.
    const stamped = keeperFor();
    stamped.state.appearances = shown;
    const found = await stamped.keeper.find(request("/collections/c1"));
    stamped.keeper.keep(found!.key, page("<p>c1</p>"), request("/collections/c1"));
    expect((await stamped.keeper.find(request("/collections/c1")))?.page).toBeDefined();
    expect(stamped.state.counted).toEqual([]);
  });
});
