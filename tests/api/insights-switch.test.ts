import { randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { processSlot } from "@/lib/process-slot";
import { outboundHref } from "@/lib/schemas/insights";
import { authHeaders, createOk, newCaller, newClientIp, validCollection, type Caller } from "../support/api";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

let partner: Caller;
let id: string;
let word: string;
beforeAll(async () => {
  partner = await newCaller();
  word = `w${randomBytes(5).toString("hex")}`;
  const created = await createOk(partner.key, { nftData: validCollection({ Title: `Switch ${word}` }) });
  id = created.nftData.PlatformNFTId as string;
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The route table, counter and flush as a server started with INSIGHTS=`value` loads them (lib/env.ts reads it once). */
async function serverWith(value: "0" | "1") {
  vi.stubEnv("INSIGHTS", value);
  vi.resetModules();
  const [{ callRoute }, counter, flush] = await Promise.all([
    import("../support/routes"),
    import("@/lib/insights/counter"),
    import("@/lib/insights/flush"),
  ]);
  // Whatever an earlier test left counted is not this test's.
  counter.takePending();
  return { callRoute, counter, flush };
}

/** One of each public way of counting: a view, a collection search, an outbound click. */
async function viewSearchAndClick(callRoute: (request: Request) => Promise<Response>) {
  const beacon = await callRoute(
    new Request("http://localhost/api/insights/beacon", {
      method: "POST",
      headers: { ...authHeaders(null, newClientIp()), "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER },
      body: JSON.stringify({ PlatformNFTId: id }),
    }),
  );
  expect(beacon.status).toBe(204);
  const found = await callRoute(new Request(`http://localhost/api-gateway/search?query=${word}`, { headers: authHeaders(partner.key) }));
  expect(found.status).toBe(200);
  expect((await found.json()).Docs.map((doc: { PlatformNFTId: string }) => doc.PlatformNFTId)).toEqual([id]);
  const click = await callRoute(
    new Request(`http://localhost${outboundHref(id, "https://otters.example.com")}`, {
      headers: { ...authHeaders(null), "user-agent": BROWSER },
    }),
  );
  expect(click.status).toBe(302);
  expect(click.headers.get("location")).toBe("https://otters.example.com");
}

/** The pending tally by metric. */
const byMetric = (taken: Map<string, number>, partsOf: (key: string) => { metric: string }) =>
  Object.fromEntries([...taken].map(([key, n]) => [partsOf(key).metric, n]));

describe("INSIGHTS: counting on and off", () => {
  it("counts a view, a search appearance and a click by default", async () => {
    const { callRoute, counter } = await serverWith("1");
    await viewSearchAndClick(callRoute);
    expect(byMetric(counter.takePending(), counter.partsOf)).toEqual({ views: 1, search: 1, clicks: 1 });
  });

  it("with INSIGHTS=0 counts nothing and starts no flush, while the beacon answers 204 and the link still redirects", async () => {
    const { callRoute, counter, flush } = await serverWith("0");
    await viewSearchAndClick(callRoute);
    counter.countInsight("claims", { collectionId: id });
    expect(counter.takePending().size).toBe(0);

    flush.startInsightsFlush();
    expect(processSlot("insights.timer").value).toBeUndefined();
    expect(processSlot("insights.flush").value).toBeUndefined();
  });
});
