/**
 * Same-origin JSON calls from the browser (the browser page's search, the portal's routes).
 * No zod here: this module is in every page's bundle.
 */

/** A failed call: the service's `error` message for people, and its `code` and `field` for the page to act on. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's stable word (`invalid_field`, `busy`, `version_conflict`…); null when the answer had none. */
    readonly code: string | null = null,
    /** The field at fault, as the server named it (`url`, `events[1]`), or null. */
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = "RequestError";
  }

  /** The refusal's words without the field's name the service leads with (`url: …`), to show beside that field. */
  get reason(): string {
    const lead = this.field ? `${this.field}: ` : "";
    return lead && this.message.startsWith(lead) ? this.message.slice(lead.length) : this.message;
  }

  /** Whether the refusal is about `field` or one of its items (`events` takes `events[1]`). */
  isAbout(field: string): boolean {
    return this.field === field || (this.field?.startsWith(`${field}[`) ?? false) || (this.field?.startsWith(`${field}.`) ?? false);
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

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
    const answer = (body ?? {}) as { error?: unknown; code?: unknown; field?: unknown };
    throw new RequestError(
      response.status,
      text(answer.error) ?? (response.statusText || "Request failed"),
      text(answer.code),
      text(answer.field),
    );
  }
  return body as T;
}

/** 4xx answers will not change on retry; only network blips and 5xx are worth another try. */
export const retryUnlessClientError = (failures: number, error: Error) =>
  failures < 2 && !(error instanceof RequestError && error.status < 500);
