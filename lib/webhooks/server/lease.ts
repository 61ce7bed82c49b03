/** A started attempt holds its delivery this long past the time limit, in case its process died. */
export const LEASE_MARGIN_MS = 5_000;

/** How long a started attempt holds its delivery (and a test event its endpoint), in seconds. */
export const leaseSeconds = (timeoutMs: number) => (timeoutMs + LEASE_MARGIN_MS) / 1000;
