import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { apiDocument } from "@/lib/openapi/document";
import { proxy } from "@/proxy";
import { type Caller, create, createOk, dumpStore, newCaller, retrieve, search, validCollection } from "../support/api";
import { callRoute } from "../support/routes";

let caller: Caller;
let id: string;
beforeAll(async () => {
  caller = await newCaller();
  id = (await createOk(caller.key, { nftData: validCollection() })).nftData.PlatformNFTId;
});

const BASE = "http://localhost/api-gateway";
const auth = () => ({ authorization: `Bearer ${caller.key}`, "x-forwarded-for": "10.77.0.1" });

async function expectError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  expect(await response.json()).toMatchObject({ error });
}

describe("unknown query parameters are a 400 naming them", () => {
  it("refuses POST /api-gateway/create?force=1 and stores nothing", async () => {
    const before = await dumpStore();
    const response = await callRoute(
      new Request(`${BASE}/create?force=1`, {
        method: "POST",
        headers: { ...auth(), "content-type": "application/json" },
        body: JSON.stringify({ nftData: validCollection() }),
      }),
    );
    await expectError(response, 400, "force: unknown query parameter");
    expect(await dumpStore()).toEqual(before);
  });

  it("refuses them on search, retrieval and perk removal, and keeps the defined ones", async () => {
    await expectError(
      await callRoute(new Request(`${BASE}/search?query=x&page=2`, { headers: auth() })),
      400,
      "page: unknown query parameter",
    );
    expect((await search(caller.key, { query: "otters", category: "Merch", pageNum: 1 })).status).toBe(200);
    await expectError(
      await callRoute(new Request(`${BASE}/collections/${id}?fields=all`, { headers: auth() })),
      400,
      "fields: unknown query parameter",
    );
    await expectError(
      await callRoute(new Request(`${BASE}/collections/${id}/perks/p?force=1`, { method: "DELETE", headers: auth() })),
      400,
      "force: unknown query parameter",
    );
  });
});

describe("authentication answers", () => {
  it("carries WWW-Authenticate: Bearer on every 401", async () => {
    for (const response of [await search(null), await retrieve("uds_" + "x".repeat(40), id), await create("nope", {})]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
      expect(await response.json()).toMatchObject({ error: "Bad API Key" });
    }
  });

  it.each(["bearer", "BEARER", "BeArEr"])("accepts the %s scheme (schemes are case-insensitive)", async (scheme) => {
    const response = await callRoute(new Request(`${BASE}/search`, { headers: { authorization: `${scheme} ${caller.key}` } }));
    expect(response.status).toBe(200);
  });
});

describe("encoded bodies", () => {
  it.each(["gzip", "br", "deflate, gzip"])("refuses Content-Encoding: %s with 415, storing nothing", async (encoding) => {
    const before = await dumpStore();
    await expectError(
      await create(caller.key, { nftData: validCollection() }, { "content-encoding": encoding }),
      415,
      `Content-Encoding: ${JSON.stringify(encoding)} is not supported; send the body uncompressed`,
    );
    expect(await dumpStore()).toEqual(before);
  });

  it("takes Content-Encoding: identity", async () => {
    expect((await create(caller.key, { nftData: validCollection() }, { "content-encoding": "identity" })).status).toBe(200);
  });
});

describe("ids longer than 64 characters", () => {
  it("are unknown on retrieval and perk removal (404) and refused in a body (400)", async () => {
    const long = "a".repeat(65);
    await expectError(await retrieve(caller.key, long), 404, `PlatformNFTId: collection "${long}" not found`);
    const removal = await callRoute(new Request(`${BASE}/collections/${long}/perks/${long}`, { method: "DELETE", headers: auth() }));
    expect(removal.status).toBe(404);
    await expectError(
      await create(caller.key, { nftData: validCollection({ PlatformNFTId: long }) }),
      400,
      "nftData.PlatformNFTId: at most 64 characters",
    );
  });
});

/** The proxy answers before any route handler; Next.js calls it with a NextRequest. */
const throughProxy = (method: string, path: string) => proxy(new NextRequest(`http://localhost${path}`, { method }));
const send = (method: string, path: string) => callRoute(new Request(`http://localhost${path}`, { method }));

describe("the gateway answers unknown routes, methods and malformed paths as JSON", () => {
  it("answers a method a route does not take with 405, Allow and a JSON body", async () => {
    const response = await send("PUT", "/api-gateway/create");
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    await expectError(response, 405, "method PUT not allowed; allowed: POST, OPTIONS");
    const deleteSearch = await send("DELETE", "/api-gateway/search");
    expect(deleteSearch.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    await expectError(deleteSearch, 405, "method DELETE not allowed; allowed: GET, HEAD, OPTIONS");
    await expectError(
      await send("POST", `/api-gateway/collections/${id}`),
      405,
      "method POST not allowed; allowed: GET, HEAD, DELETE, OPTIONS",
    );
    await expectError(await send("PATCH", "/api-gateway/openapi.json"), 405, "method PATCH not allowed; allowed: GET, HEAD, OPTIONS");
  });

  it("answers malformed percent-encoding with 400 in the proxy, and lets well-encoded paths through", async () => {
    await expectError(await throughProxy("GET", "/api-gateway/collections/%FF"), 400, "path: malformed percent-encoding");
    await expectError(await throughProxy("GET", "/api-gateway/collections/%E0%A4%A"), 400, "path: malformed percent-encoding");
    expect((await throughProxy("GET", "/api-gateway/collections/caf%C3%A9")).headers.get("x-middleware-next")).toBe("1");
  });

  it("answers unknown routes with 404, whatever the method", async () => {
    await expectError(await send("GET", "/api-gateway/nope"), 404, "no such route: GET /api-gateway/nope");
    await expectError(await send("GET", "/api-gateway"), 404, "no such route: GET /api-gateway");
    await expectError(await send("DELETE", "/api-gateway/collections"), 404, "no such route: DELETE /api-gateway/collections");
    await expectError(await send("OPTIONS", "/api-gateway/search/extra"), 404, "no such route: OPTIONS /api-gateway/search/extra");
  });

  it("lets every documented operation through to its handler", async () => {
    const document = apiDocument();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      const concrete = path.replace(/\{[^}]+\}/g, "k3JqSuoHKx2VrhiBfpKK");
      const documented = Object.keys(item ?? {}).map((method) => method.toUpperCase());
      for (const method of documented) {
        const response = await send(method, concrete);
        expect(response.status, `${method} ${path}`).not.toBe(405);
        expect(JSON.stringify(await response.json()), `${method} ${path}`).not.toMatch(/no such route/);
      }
    }
  });
});

describe("the OpenAPI document declares the contract's edges", () => {
  const document = JSON.parse(JSON.stringify(apiDocument()));

  it("declares servers, and 500 and 503 on every operation", () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: expect.any(String) })]);
    for (const [path, item] of Object.entries<Record<string, { responses: Record<string, unknown> }>>(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.responses, `${method} ${path}`).toHaveProperty("500");
        if (path !== "/api-gateway/openapi.json") expect(operation.responses, `${method} ${path}`).toHaveProperty("503");
      }
    }
  });

  it("declares the Idempotency-Key pattern and length, and the 64-character id limit", () => {
    const create = document.paths["/api-gateway/create"].post;
    const key = create.parameters.find((parameter: { name: string }) => parameter.name === "Idempotency-Key");
    expect(key.schema).toMatchObject({ type: "string", minLength: 1, maxLength: 255, pattern: expect.any(String) });
    expect(new RegExp(key.schema.pattern).test("5b0c6f8e-3f7a")).toBe(true);
    expect(new RegExp(key.schema.pattern).test("has space")).toBe(false);
    const retrieval = document.paths["/api-gateway/collections/{PlatformNFTId}"].get;
    expect(retrieval.parameters.find((parameter: { name: string }) => parameter.name === "PlatformNFTId").schema).toMatchObject({
      maxLength: 64,
    });
    const removal = document.paths["/api-gateway/collections/{PlatformNFTId}/perks/{PlatformPerkId}"].delete;
    for (const parameter of removal.parameters.filter((candidate: { in: string }) => candidate.in === "path")) {
      expect(parameter.schema).toMatchObject({ maxLength: 64 });
    }
  });

  it("documents 401's WWW-Authenticate and create's 415", () => {
    expect(document.paths["/api-gateway/search"].get.responses["401"].headers).toHaveProperty("WWW-Authenticate");
    expect(document.paths["/api-gateway/create"].post.responses).toHaveProperty("415");
  });
});
