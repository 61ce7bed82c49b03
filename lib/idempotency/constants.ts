// Apart from the server module so the OpenAPI document (also built for the browser) can name them.
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
