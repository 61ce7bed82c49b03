import "server-only";
import { apiDocument } from "@/lib/openapi/document";

let body: string | undefined;

/**
 * The API's OpenAPI 3.1 document; needs no key. It depends only on the code, so each process
 * builds it once. (A module exporting the JSON 405s is not one Next.js prerenders.)
 */
export function openApiDocumentRoute() {
  body ??= JSON.stringify(apiDocument());
  return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" } });
}
