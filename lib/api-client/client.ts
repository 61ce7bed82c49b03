import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

/**
 * A typed client of the API, as a partner's back end would use it: every path, parameter and
 * body is checked against the OpenAPI document's types.
 */
export function createApiClient(options: { baseUrl: string; apiKey: string; fetch?: typeof fetch }) {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.apiKey}` },
    fetch: options.fetch,
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Every error answer, typed: the contract's `error`, the stable `code` a program branches on, and the `field` at fault. */
export type ApiErrorBody = components["schemas"]["Error"];
export type ApiErrorCode = ApiErrorBody["code"];
