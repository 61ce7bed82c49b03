import { expect, test } from "./fixtures";

/** The API through the production server over real HTTP: what route-handler tests cannot see. */
test.describe("api-gateway over HTTP", () => {
  test("create, retrieve and find a collection with one key", async ({ request, apiKey }) => {
    const headers = { authorization: `Bearer ${apiKey}` };
    const title = `Zephyr Lantern ${Date.now()}`;
    const created = await request.post("/api-gateway/create", {
      headers,
      data: { nftData: { Title: title, ContractChain: "Base" }, perkData: [{ ShortDescription: "Lantern walk", Tags: ["Events"] }] },
    });
    expect(created.status()).toBe(200);
    expect(created.headers()["ratelimit-limit"]).toBeDefined();
    const echo = await created.json();
    const id = echo.nftData.PlatformNFTId;

    const record = await request.get(`/api-gateway/collections/${id}`, { headers });
    expect(record.status()).toBe(200);
    expect((await record.json()).perkData[0].ShortDescription).toBe("Lantern walk");

    const found = await request.get(`/api-gateway/search?query=${encodeURIComponent("zephyr lant")}&category=Events`, { headers });
    expect(found.status()).toBe(200);
    const result = await found.json();
    expect(result.Docs[0].PlatformNFTId).toBe(id);
    expect(result.Docs[0].Perks).toEqual([`Perks/${echo.perkData[0].PlatformPerkId}`]);
  });

  test("a missing key is a JSON 401 with rate-limit headers and no caching", async ({ request }) => {
    const response = await request.get("/api-gateway/search");
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ error: "Bad API Key" });
    expect(response.headers()["ratelimit-remaining"]).toMatch(/^\d+$/);
    expect(response.headers()["cache-control"]).toBe("no-store");
  });

  test("a body over 1 MiB is refused with 413 by the running server", async ({ request, apiKey }) => {
    const response = await request.post("/api-gateway/create", {
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      data: JSON.stringify({ nftData: { Title: "x", ContractChain: "y", CollectionDescription: "z".repeat(1_100_000) } }),
    });
    expect(response.status()).toBe(413);
    expect(await response.json()).toMatchObject({ error: "body: larger than the limit of 1048576 bytes" });
  });

  test("unknown gateway paths answer a JSON 404", async ({ request }) => {
    const response = await request.get("/api-gateway/nope");
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ error: "no such route: GET /api-gateway/nope" });
  });
});
