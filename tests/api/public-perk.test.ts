import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { createOk, newCaller, retrieveOk, validCollection, validPerk } from "../support/api";
import { callRoute } from "../support/routes";

/* GET /api/collections/{id}/perks/{perkId}: what the collection page's "Show more" reads. */

const ip = `10.${randomBytes(3).join(".")}`;
const get = (path: string) =>
  callRoute(new Request(`http://localhost/api/collections/${path}`, { headers: { [SOCKET_ADDRESS_HEADER]: ip } }));

let id: string;
let perkIds: string[];
beforeAll(async () => {
  const { key } = await newCaller();
  const created = await createOk(key, {
    nftData: validCollection(),
    perkData: [validPerk({ ShortDescription: `Hoodie ${"h".repeat(300)}`, LongDescription: "word ".repeat(2_000).trim() }), validPerk()],
  });
  id = created.nftData.PlatformNFTId;
  perkIds = created.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId);
});

describe("GET /api/collections/{id}/perks/{perkId}", () => {
  it("answers one perk whole, as retrieval holds it, without a key and spending the read budget", async () => {
    const response = await get(`${id}/perks/${perkIds[0]}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-limit")).toMatch(/^\d+$/);
    const perk = await response.json();
    const { perkData } = await retrieveOk((await newCaller()).key, id);
    expect(perk).toEqual(perkData[0]);
    expect(perk.LongDescription).toHaveLength(9_999);
  });

  it("answers 404 naming the perk when the perk or the collection is unknown, or cannot exist", async () => {
    for (const path of [`${id}/perks/nope`, `nope/perks/${perkIds[0]}`, `${id}/perks/${"x".repeat(300)}`]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error, path).toMatch(/^PlatformPerkId: perk ".*" of collection ".*" not found$/);
    }
  });
});
