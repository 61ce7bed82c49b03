import { createDocument } from "zod-openapi";
import { serverErrors } from "./shared";
import { claimsPaths } from "./paths/claims";
import { collectionsPaths } from "./paths/collections";
import { insightsPaths } from "./paths/insights";
import { readsPaths } from "./paths/reads";
import { verificationPaths } from "./paths/verification";
import { writesPaths } from "./paths/writes";

const DESCRIPTION = `Partners publish NFT collections and the perks their holders get; callers search them.

Every route under \`/api-gateway\` needs \`Authorization: Bearer <key>\` (a partner creates keys on the portal's API keys page, \`/portal/keys\`; an operator with \`npm run -s keys:create -- <email>\`).
Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; budgets are per key, per minute.
Every error is \`{"error": "<message>"}\`, and validation messages name the field path, e.g. \`perkData[2].Tags[0]: unknown category "Cooking"\`.
A database that cannot be reached answers 503 with \`Retry-After\`; anything unexpected is a 500 with no detail.
Unknown routes answer 404, a method a route does not take 405 with \`Allow\`, a path whose percent-encoding does not decode 400, a query parameter a route does not define 400 naming it, and a \`Content-Encoding\` other than identity 415, all as \`{"error"}\`.`;

function buildDocument() {
  return createDocument({
    openapi: "3.1.0",
    info: { title: "Utility Data Service API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/", description: "The host that serves this document." }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "An API key: `uds_` followed by 40 letters and digits." },
      },
    },
    paths: {
      ...writesPaths,
      ...readsPaths,
      ...collectionsPaths,
      ...insightsPaths,
      ...verificationPaths,
      ...claimsPaths,
      "/api-gateway/openapi.json": {
        get: {
          operationId: "getOpenApiDocument",
          summary: "This document",
          security: [],
          responses: {
            "200": { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } },
            "500": serverErrors["500"],
          },
        },
      },
    },
  });
}

let built: ReturnType<typeof buildDocument> | undefined;

/**
 * The OpenAPI 3.1 document of the API, generated from the schemas the route handlers validate
 * with. It depends only on the code, so it is built once per process (the docs page renders per
 * request for its CSP nonce). Callers must not mutate it.
 */
export function apiDocument() {
  built ??= buildDocument();
  return built;
}

export type ApiDocument = ReturnType<typeof apiDocument>;
