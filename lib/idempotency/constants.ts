// Apart from the server module so the OpenAPI document (also built for the browser) can name them.
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** 1 to 255 visible ASCII characters, such as a UUID. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEY_MAX = 255;
