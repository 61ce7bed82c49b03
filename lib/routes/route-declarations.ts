import "server-only";
import { LIMITS } from "@/lib/schemas/limits";

/* Pieces of route declarations that several route families share. */

/** A JSON body of a few fields: its schema, read up to the small-body limit. */
export const smallBody = <S>(schema: S) => ({ schema, maxBytes: LIMITS.smallBodyBytes });

/** What an admin's write in the portal declares: the admin role, the write budget, replay under an Idempotency-Key. */
export const adminWrite = { role: "admin", budget: "write", idempotent: true } as const;

/**
 * An admin's write whose answer is the only place a secret appears (an API key, a signing secret).
 * Under an Idempotency-Key the answer is remembered without it: a replay answers `<secret>: null`,
 * so the secret is not kept in the database for the replay window.
 */
export const adminSecretWrite = (secret: string) => ({ ...adminWrite, idempotent: { secret } }) as const;
