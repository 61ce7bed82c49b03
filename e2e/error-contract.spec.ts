import { expect, test } from "./fixtures";

/**
 * The gateway's error contract over real HTTP: TRACE, malformed path encoding and unsupported
 * methods are answered by Next.js itself before any route handler, so only a running server
 * shows them. Each hostile request below is one step.
 */
test.describe("every /api-gateway answer is a JSON error", () => {
  async function expectJsonError(
    response: { status(): number; headers(): Record<string, string>; json(): Promise<unknown> },
    status: number,
    error: string,
    code?: string,
  ) {
    expect(response.status()).toBe(status);
    expect(response.headers()["content-type"]).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject(code ? { error, code } : { error });
  }

  test("malformed percent-encoding in the path is a 400", async ({ request }) => {
    await expectJsonError(await request.get("/api-gateway/collections/%FF"), 400, "path: malformed percent-encoding");
  });

  test("TRACE is a 405 with Allow, not a text/plain 500", async ({ request, apiKey }) => {
    for (const path of ["/api-gateway/search", "/api-gateway/create", "/"]) {
      const response = await request.fetch(path, { method: "TRACE", headers: { authorization: `Bearer ${apiKey}` } });
      expect(response.headers()["allow"]).toBeTruthy();
      await expectJsonError(response, 405, "method TRACE not allowed", "method_not_allowed");
    }
  });

  test("a method a route does not take is a 405 with Allow and a JSON body", async ({ request, apiKey }) => {
    const response = await request.put("/api-gateway/create", { headers: { authorization: `Bearer ${apiKey}` } });
    expect(response.headers()["allow"]).toBe("POST, OPTIONS");
    await expectJsonError(response, 405, "method PUT not allowed; allowed: POST, OPTIONS", "method_not_allowed");
    const patch = await request.patch("/api-gateway/search", { headers: { authorization: `Bearer ${apiKey}` } });
    expect(patch.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
    expect(patch.status()).toBe(405);
  });

  test("unknown routes are a JSON 404", async ({ request }) => {
    await expectJsonError(await request.get("/api-gateway/nope"), 404, "no such route: GET /api-gateway/nope");
    await expectJsonError(await request.delete("/api-gateway/collections"), 404, "no such route: DELETE /api-gateway/collections");
    // The gateway's root too, with the API's policy: the page proxy (a nonce policy) does not run for it.
    const root = await request.get("/api-gateway");
    expect(root.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    await expectJsonError(root, 404, "no such route: GET /api-gateway");
  });

  test("the Bearer scheme is case-insensitive and a 401 carries WWW-Authenticate", async ({ request, apiKey }) => {
    expect((await request.get("/api-gateway/search", { headers: { authorization: `bearer ${apiKey}` } })).status()).toBe(200);
    const refused = await request.get("/api-gateway/search", { headers: { authorization: "Bearer nope" } });
    expect(refused.headers()["www-authenticate"]).toBe("Bearer");
    await expectJsonError(refused, 401, "Bad API Key");
  });

  test("an unknown query parameter is a 400 and applies nothing", async ({ request, apiKey }) => {
    const title = `Forced ${Date.now()}`;
    const response = await request.post("/api-gateway/create?force=1", {
      headers: { authorization: `Bearer ${apiKey}` },
      data: { nftData: { Title: title, ContractChain: "E" } },
    });
    await expectJsonError(response, 400, "force: unknown query parameter");
    const found = await request.get(`/api-gateway/search?query=${encodeURIComponent(title)}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect((await found.json()).Docs).toEqual([]);
  });

  test("a compressed body is a 415", async ({ request, apiKey }) => {
    const response = await request.post("/api-gateway/create", {
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", "content-encoding": "gzip" },
      data: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    await expectJsonError(response, 415, 'Content-Encoding: "gzip" is not supported; send the body uncompressed');
  });

  test("a 3,000-deep Managers and a lone surrogate are 400s naming the field", async ({ request, apiKey }) => {
    const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
    const deep = `${"[".repeat(3000)}${"]".repeat(3000)}`;
    await expectJsonError(
      await request.post("/api-gateway/create", {
        headers,
        data: `{"nftData":{"Title":"deepprobe","ContractChain":"E","Managers":${deep}}}`,
      }),
      400,
      "nftData.Managers[0]: expected a string",
    );
    await expectJsonError(
      await request.post("/api-gateway/create", { headers, data: String.raw`{"nftData":{"Title":"bad \ud800","ContractChain":"E"}}` }),
      400,
      String.raw`nftData.Title: must not contain a lone UTF-16 surrogate (such as \ud800)`,
    );
  });
});
