/**
 * The stable words of an error answer's `code` (decision 081): programs and the portal branch on
 * these and on `field`, never on the prose of `error`, which is the contract's and may be reworded.
 */
export const ERROR_CODES = [
  "invalid_request",
  "malformed_body",
  "invalid_field",
  "unknown_field",
  "invalid_file",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "version_conflict",
  "busy",
  "idempotency_key_reused",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "internal_error",
  "unavailable",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code of an answer whose producer named none: one word per status. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "idempotency_key_reused",
  429: "rate_limited",
  500: "internal_error",
  503: "unavailable",
};

/**
 * The service writes a refusal about one field as `<path>: <why>` (`perkData[2].Tags[0]: unknown
 * category "Cooking"`, `Idempotency-Key: …`): the path is read here, where the message is made,
 * so that the answer carries it as `field` and no client ever has to parse the prose.
 */
const FIELD_LEAD = /^([A-Za-z_$][\w$-]*(?:\[\d+\]|\.[A-Za-z_$][\w$-]*)*): /;

export const fieldOfMessage = (message: string): string | undefined => FIELD_LEAD.exec(message)?.[1];

/** What a producer may say beyond status and message; `field: null` says the message's lead names no field. */
export type ErrorDetail = { code?: ErrorCode; field?: string | null };

/** The machine-readable members of an error answer, beside the contract's `error`. */
export type ErrorBody = { error: string; code: ErrorCode; field?: string };

/** An error answer's body: the message, its code (the status's when none is given) and the field at fault. */
export function errorBody(status: number, message: string, detail: ErrorDetail = {}): ErrorBody {
  const field = detail.field === null ? undefined : (detail.field ?? fieldOfMessage(message));
  const code =
    detail.code ??
    (status === 400 && field ? "invalid_field" : (CODE_OF_STATUS[status] ?? (status < 500 ? "invalid_request" : "internal_error")));
  return field ? { error: message, code, field } : { error: message, code };
}

/** A failure the caller can act on: its status and message go to the client as they are, with its code and field. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    detail: ErrorDetail = {},
  ) {
    super(message);
    this.name = "AppError";
    const body = errorBody(status, message, detail);
    this.code = body.code;
    this.field = body.field;
  }

  /** The answer's JSON body. */
  body(): ErrorBody {
    return this.field ? { error: this.message, code: this.code, field: this.field } : { error: this.message, code: this.code };
  }
}

export const badRequest = (message: string, detail?: ErrorDetail) => new AppError(400, message, {}, detail);
export const notFound = (message: string, detail?: ErrorDetail) => new AppError(404, message, {}, detail);
export const forbidden = (message: string, detail?: ErrorDetail) => new AppError(403, message, {}, detail);
export const conflict = (message: string, detail?: ErrorDetail) => new AppError(409, message, {}, detail);

/** A write whose `Version` precondition failed: someone changed the collection since it was read. */
export const staleVersion = (field: string, stored: number | undefined, sent: number) =>
  conflict(
    `${field}: the collection is at version ${stored}, not ${sent}; it was changed by someone else. Read it again and reapply your change.`,
    { code: "version_conflict", field },
  );

export const BAD_API_KEY = "Bad API Key";
/** A 401 says how to authenticate (RFC 9110 §11.6.1). */
export const badApiKey = () => new AppError(401, BAD_API_KEY, { "WWW-Authenticate": "Bearer" });
export const CANT_UNMARSHAL = "Can't Unmarshal Body";
export const TOO_MANY_REQUESTS = "Too Many Requests";
