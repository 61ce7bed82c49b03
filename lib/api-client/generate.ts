import openapiTS, { astToString } from "openapi-typescript";
import { apiDocument } from "@/lib/openapi/document";

export const API_TYPES_FILE = "lib/api-client/schema.d.ts";

/** TypeScript types of every path, parameter and body, generated from the OpenAPI document. */
export async function apiTypesSource(): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(apiDocument())));
  return `// Generated from the OpenAPI document by \`npm run api:types\`; do not edit.\n\n${astToString(ast)}`;
}
