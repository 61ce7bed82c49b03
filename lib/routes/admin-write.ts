import "server-only";

/** What an admin's write in the portal declares: the admin role, the write budget, replay under an Idempotency-Key. */
export const adminWrite = { role: "admin", budget: "write", idempotent: true } as const;

/**
 * An admin's write whose answer is the only place a secret appears (an API key, a signing secret).
 * Under an Idempotency-Key the answer is remembered without it: a replay answers `<secret>: null`,
 * so the secret is not kept in the database for the replay window.
 */
export const adminSecretWrite = (secret: string) => ({ ...adminWrite, idempotent: { secret } }) as const;
