import type { Operation } from "./operation-card";

/**
 * Query strings worth trying per operation: the document declares its query parameters without
 * example values, and an example with every parameter would not be one a person copies.
 */
const QUERY_EXAMPLES: Record<string, Record<string, string>> = {
  search: { query: "club", category: "Merch" },
  findPerks: { near: "59.91,10.75", radiusKm: "50", sort: "distance" },
  getCollectionHistory: { pageNum: "1" },
};

/** Single-quotes a value for a POSIX shell. */
const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * A curl command for one operation against `origin`, ready to paste once `KEY` holds an API key:
 * path parameters take the document's examples, a body its first example.
 */
export function curlExample(origin: string, method: string, route: string, operation: Operation): string {
  const path = route.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const parameter = operation.parameters?.find((candidate) => candidate.in === "path" && candidate.name === name);
    const example = parameter?.example ?? parameter?.schema?.example;
    return example === undefined ? whole : encodeURIComponent(String(example));
  });
  const query = new URLSearchParams(QUERY_EXAMPLES[operation.operationId ?? ""] ?? {}).toString();
  const lines = [`curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} "${origin}${path}${query ? `?${query}` : ""}"`];
  if (operation.security?.length !== 0) lines.push(`-H "Authorization: Bearer $KEY"`);
  const body = operation.requestBody?.content["application/json"];
  const example = Object.values(body?.examples ?? {})[0]?.value;
  if (example !== undefined) lines.push(`-H "Content-Type: application/json"`, `-d ${shellQuote(JSON.stringify(example))}`);
  return lines.join(" \\\n  ");
}
