import fs from "node:fs";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { API_TYPES_FILE, apiTypesSource } from "@/lib/api-client/generate";
import { apiDocument } from "@/lib/openapi/document";
import * as examples from "@/lib/openapi/examples";
import { collectionRecordSchema, createRequestSchema, createResponseSchema } from "@/lib/schemas/create-request";
import { searchResponseSchema } from "@/lib/schemas/search-params";
import { callRoute } from "../support/routes";

const document = apiDocument();
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Every route file under app/api-gateway, as `METHOD /path` with `{}` for dynamic segments. */
async function implementedOperations(): Promise<string[]> {
  const root = path.join(process.cwd(), "app");
  const files = fs
    .readdirSync(path.join(root, "api-gateway"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith("route.ts"))
    .map((file) => path.join("api-gateway", file));
  const operations: string[] = [];
  for (const file of files) {
    const route = `/${path.dirname(file)}`.replace(/\[[^\]]+\]/g, "{}");
    // The catch-all answers unknown paths with a JSON 404: it is the absence of a route.
    if (route.includes("{}") && file.includes("[...")) continue;
    // Every module exports every method (the others answer the JSON 405): what it takes is its Allow.
    const routeModule = (await import(`@/app/${file.replace(/\.ts$/, "")}`)) as { OPTIONS: (request: Request) => Response };
    const allow = routeModule
      .OPTIONS(new Request("http://localhost/", { method: "OPTIONS" }))
      .headers.get("allow")!
      .split(", ");
    for (const method of METHODS) if (allow.includes(method)) operations.push(`${method} ${route}`);
  }
  return operations.sort();
}

function documentedOperations(): string[] {
  return Object.entries(document.paths ?? {})
    .flatMap(([route, item]) =>
      METHODS.filter((method) => item && method.toLowerCase() in item).map((method) => `${method} ${route.replace(/\{[^}]+\}/g, "{}")}`),
    )
    .sort();
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(document.openapi).toBe("3.1.0");
  });

  it("describes exactly the routes that exist", async () => {
    expect(documentedOperations()).toEqual(await implementedOperations());
  });

  it("documents the bearer scheme and the rate-limit headers", () => {
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const search = document.paths?.["/api-gateway/search"]?.get;
    expect(Object.keys((search?.responses?.["200"] as { headers?: object })?.headers ?? {})).toEqual(
      expect.arrayContaining(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]),
    );
    expect(Object.keys((search?.responses?.["429"] as { headers?: object })?.headers ?? {})).toContain("Retry-After");
  });

  it("shows only examples the schemas accept", () => {
    for (const body of [examples.createExample, examples.editExample, examples.addPerksExample]) {
      expect(createRequestSchema.safeParse(body).error).toBeUndefined();
    }
    expect(createResponseSchema.safeParse(examples.createResponseExample).error).toBeUndefined();
    expect(collectionRecordSchema.safeParse(examples.recordExample).error).toBeUndefined();
    expect(searchResponseSchema.safeParse(examples.searchExample).error).toBeUndefined();
  });

  it("is served without a key", async () => {
    const response = await callRoute(new Request("http://localhost/api-gateway/openapi.json"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it("matches the committed client types (run `npm run api:types` after changing the API)", async () => {
    expect(fs.readFileSync(API_TYPES_FILE, "utf8")).toBe(await apiTypesSource());
  });
});
