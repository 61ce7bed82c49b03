import "server-only";
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from "@/lib/idempotency/constants";
import { idempotent, type StoreAnswer } from "@/lib/idempotency/idempotency";

/**
 * Runs a write under the request's `Idempotency-Key`: a retry with the same key and request
 * replays the first answer with `Idempotent-Replayed: true`. The key is bound to the method, the
 * path with its query, and the body's exact bytes, so one key cannot be replayed onto another
 * route or resource, and a body is never parsed again to be compared. `run` receives the hook that
 * stores the answer inside the write's own transaction, where the write supports it.
 *
 * A `secret` field of the answer (a new API key's plaintext) is left out of what is stored, so the
 * database never holds it for the replay window; a replay answers it as null.
 */
export async function idempotentReply(
  teamId: string,
  request: Request,
  bodyBytes: Uint8Array | null,
  run: (storeAnswer?: StoreAnswer<unknown>) => Promise<unknown>,
  secret?: string,
): Promise<{ body: unknown; headers: Record<string, string> }> {
  const { pathname, search } = new URL(request.url);
  const target = new TextEncoder().encode(`${request.method} ${pathname}${search}\n`);
  const fingerprint = new Uint8Array(target.length + (bodyBytes?.length ?? 0));
  fingerprint.set(target);
  if (bodyBytes) fingerprint.set(bodyBytes, target.length);
  let fresh: unknown;
  const { result, replayed } = await idempotent<unknown>(
    teamId,
    request.headers.get(IDEMPOTENCY_HEADER),
    fingerprint,
    async (storeAnswer) => {
      fresh = await run(storeAnswer as StoreAnswer<unknown> | undefined);
      if (secret === undefined) return fresh;
      const { [secret]: _withheld, ...kept } = fresh as Record<string, unknown>;
      return kept;
    },
  );
  if (replayed)
    return { body: secret === undefined ? result : { [secret]: null, ...(result as object) }, headers: { [REPLAYED_HEADER]: "true" } };
  return { body: fresh, headers: {} };
}
