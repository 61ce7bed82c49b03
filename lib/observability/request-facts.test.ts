import { describe, expect, it } from "vitest";
import { routeOf } from "./request-facts";

const label = (path: string, params: Record<string, unknown> = {}) => routeOf(new Request(`http://localhost${path}`), params);

describe("the route label of a request", () => {
  it("names the route matched, however its path was spelled", () => {
    expect(label("/api/portal/%63ollections")).toBe("/api/portal/collections");
    expect(label("/api/portal/c%6Fllections/abc", { id: "abc" })).toBe("/api/portal/collections/[id]");
    expect(label("/api-gateway/collections/a%2Fb/perks/p%20q", { id: "a/b", perkId: "p q" })).toBe(
      "/api-gateway/collections/[id]/perks/[perkId]",
    );
  });

  it("gives 1,000 spellings of one route, and 1,000 ids, one label", () => {
    const labels = new Set<string>();
    for (let i = 0; i < 1_000; i += 1) {
      const spelled = [..."collections"].map((letter, at) => ((i >> at) & 1 ? `%${letter.charCodeAt(0).toString(16)}` : letter)).join("");
      labels.add(label(`/api/portal/${spelled}`));
      labels.add(label(`/api/portal/${spelled}/id-${i}`, { id: `id-${i}` }));
    }
    expect([...labels].sort()).toEqual(["/api/portal/collections", "/api/portal/collections/[id]"]);
  });
});
