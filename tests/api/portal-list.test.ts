import { beforeAll, describe, expect, it } from "vitest";
import { validCollection } from "../support/api";
import { signUp, type Partner } from "../support/portal";
import { applyCreateRequest } from "@/lib/collections/write";
import { createRequestSchema } from "@/lib/schemas/create-request";
import { callRoute } from "../support/routes";

const list = async (partner: Partner, query: string) =>
  (await callRoute(new Request(`http://localhost/api/portal/collections?${query}`, { headers: { cookie: partner.cookie } }))).json();

describe("My collections' JSON route", () => {
  // Opening (and migrating) the store and the first password hash happen here, under the hook's longer budget.
  beforeAll(async () => {
    await signUp();
  });

  it("pages with the true total, sorts by last change or title, filters by title and release status", async () => {
    const alice = await signUp();
    const statuses = ["Upcoming", "Available", undefined] as const;
    // Through the domain layer: 45 saves would outrun the portal's write budget.
    for (let index = 0; index < 45; index += 1) {
      const { ReleaseStatus: _unset, ...base } = validCollection({ Title: `Otter ${String(index).padStart(2, "0")}` });
      const status = statuses[index % 3];
      const nftData = status ? { ...base, ReleaseStatus: status } : base;
      await applyCreateRequest({ userId: alice.userId, teamId: alice.teamId, keyId: null }, createRequestSchema.parse({ nftData }), {
        nftData,
      });
    }
    const first = await list(alice, "");
    expect(first).toMatchObject({ total: 45, page: 1, pageCount: 3 });
    expect(first.collections).toHaveLength(20);
    expect(first.collections[0].title).toBe("Otter 44");

    const third = await list(alice, "page=3");
    expect(third.collections.map((row: { title: string }) => row.title)).toEqual([
      "Otter 04",
      "Otter 03",
      "Otter 02",
      "Otter 01",
      "Otter 00",
    ]);
    // Past the end, and nonsense, land on a real page.
    expect((await list(alice, "page=99")).page).toBe(3);
    expect((await list(alice, "page=abc")).page).toBe(1);

    const byTitle = await list(alice, "sort=title&page=2");
    expect(byTitle.collections[0].title).toBe("Otter 20");
    const upcoming = await list(alice, "status=Upcoming&sort=title");
    expect(upcoming.total).toBe(15);
    expect(upcoming.collections.slice(0, 3).map((row: { title: string }) => row.title)).toEqual(["Otter 00", "Otter 03", "Otter 06"]);
    const unset = await list(alice, "status=none&q=otter%201");
    expect(unset.collections.map((row: { title: string }) => row.title)).toEqual(["Otter 17", "Otter 14", "Otter 11"]);
    // An unknown status or sort is ignored rather than refused.
    expect((await list(alice, "status=Gone&sort=sideways")).total).toBe(45);

    const bob = await signUp();
    expect(await list(bob, "")).toEqual({ collections: [], total: 0, page: 1, pageCount: 0 });
  }, 120_000);
});
