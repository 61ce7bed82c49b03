/**
 * Same-origin JSON calls from the browser (the browser page's search, the portal's routes).
 * No zod here: this module is in every page's bundle.
 */

/** A failed call, carrying the service's own `{"error"}` message and status. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "RequestError";
  }
}

/**
 * Calls a same-origin route and returns its JSON. Non-2xx answers become a RequestError with
 * the server's message, so the page can show it beside the action.
 */
export async function fetchJson<T>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    headers: { accept: "application/json", ...(json === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { error?: unknown } | null)?.error;
    throw new RequestError(response.status, typeof message === "string" ? message : response.statusText || "Request failed");
  }
  return body as T;
}

/** 4xx answers will not change on retry; only network blips and 5xx are worth another try. */
export const retryUnlessClientError = (failures: number, error: Error) =>
  failures < 2 && !(error instanceof RequestError && error.status < 500);
