import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { proxy } from "@/proxy";
import { callRoute } from "../support/routes";

// A small read budget, so that a loop of page views reaches it quickly.
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = "6";

const address = () => `10.${randomBytes(3).join(".")}`;
/** A page request as Next.js hands it to the proxy, from `from`. */
const page = (path: string, from: string) =>
  proxy(new NextRequest(`http://localhost${path}`, { headers: { [SOCKET_ADDRESS_HEADER]: from } }));
const apiSearch = (from: string) =>
  callRoute(new Request("http://localhost/api/search?query=otters", { headers: { [SOCKET_ADDRESS_HEADER]: from } }));

describe("server-rendered searches", () => {
  it("spend the address's read budget on / and /perks, then answer a 429 page with Retry-After", async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      // Every view a different search, as varying a parameter defeats the search cache.
      const response = await page(i % 2 ? `/?query=word${i}&page=${i}` : `/perks?near=${i},${i}&radiusKm=5`, from);
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(6).fill(200));
    const refused = await page("/?query=one+more", from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(refused.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    const html = await refused.text();
    expect(html).toContain("<h1>Too many searches</h1>");
    expect(html).toMatch(/Please wait \d+ seconds?|Please wait a second/);
    expect(html.length).toBeLessThan(2_000);
    expect((await page("/perks", from)).status).toBe(429);
    // The same budget as /api/search, and only the address's: another visitor is served.
    expect((await apiSearch(from)).status).toBe(429);
    expect((await page("/?query=otters", address())).status).toBe(200);
  });

  it("share one budget with /api/search (a collection's page too), and leave pages that read no records alone", async () => {
    const from = address();
    for (let i = 0; i < 6; i += 1) expect((await apiSearch(from)).status).toBe(200);
    expect((await page("/", from)).status).toBe(429);
    expect((await page("/collections/some-id", from)).status).toBe(429);
    for (const path of ["/portal/sign-in", "/docs", "/wallet"]) expect((await page(path, from)).status).toBe(200);
  }, 120_000);

  it("spend it on a wallet's page too, which reads that wallet's perks as /api/wallets/…/perks does", async () => {
    const from = address();
    const wallet = `0x${randomBytes(20).toString("hex")}`;
    for (let i = 0; i < 6; i += 1) expect((await page(`/wallet/${wallet}?page=${i + 1}`, from)).status).toBe(200);
    expect((await page(`/wallet/${wallet}`, from)).status).toBe(429);
    const twin = await callRoute(
      new Request(`http://localhost/api/wallets/${wallet}/perks`, { headers: { [SOCKET_ADDRESS_HEADER]: from } }),
    );
    expect(twin.status).toBe(429);
  });
});
