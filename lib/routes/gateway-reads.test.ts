import { describe, expect, it } from "vitest";
import { gatewayReadsOf } from "./gateway-reads";

type Context = { params: Promise<Record<string, string>> } | undefined;

describe("the gateway reads the production server answers without Next.js", () => {
  const calls: [string, Record<string, string> | undefined][] = [];
  const handler = (name: string) => async (_request: Request, context?: Context) => {
    calls.push([name, context ? await context.params : undefined]);
    return new Response(name);
  };
  const reads = gatewayReadsOf(handler("search"), handler("perks"), handler("retrieve"));
  const request = new Request("http://localhost/");

  it("finds search, perk search and one collection by their plain paths, the collection's id as Next.js's param", async () => {
    await reads("/api-gateway/search")!(request);
    await reads("/api-gateway/perks")!(request);
    await reads("/api-gateway/collections/COL-1")!(request);
    expect(calls).toEqual([
      ["search", undefined],
      ["perks", undefined],
      ["retrieve", { id: "COL-1" }],
    ]);
  });

  it("leaves to Next.js every path it would match differently: encoded, trailing slash, deeper, other routes", () => {
    for (const path of [
      "/api-gateway/collections/ab%63",
      "/api-gateway/search/",
      "/api-gateway/collections/",
      "/api-gateway/collections/COL-1/",
      "/api-gateway/collections/COL-1/history",
      "/api-gateway/create",
      "/api-gateway",
      "/api/search",
    ]) {
      expect(reads(path), path).toBeNull();
    }
  });
});
