import { apiDocument } from "@/lib/openapi/document";

// The document depends only on the code, so it is built once, at build time.
export const dynamic = "force-static";

/** The API's OpenAPI 3.1 document; needs no key. */
export function GET() {
  return Response.json(apiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
