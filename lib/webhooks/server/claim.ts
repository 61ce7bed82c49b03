import "server-only";
import { sql } from "drizzle-orm";
import { ADVISORY_LOCKS } from "@/lib/db/locks";
import { queryRows } from "@/lib/db/queries";
import type { Queryable } from "@/lib/db/types";
import { leaseSeconds } from "./lease";

/**
 * Attempts one account may have under way at once, across all instances. pg-boss's
 * groupConcurrency (the group being the account) keeps most jobs of a full account from being
 * handed out; the claim below is what holds it exactly, since several fetches at once each count
 * the same active jobs.
 */
export const ACCOUNT_SLOTS = 2;

/** How an attempt's claim went: sent now, already under way elsewhere, or its account is full. */
export type Claim = "started" | "under-way" | "account-full";

/**
 * Marks attempt `attempt` of a delivery as started (`attempt_started_at`), unless one of its
 * attempts is under way or its account has ACCOUNT_SLOTS attempts under way. Claims of one
 * account take turns under an advisory lock, so each counts what the one before committed.
 * An attempt counts as under way for as long as it holds its delivery (its lease).
 */
export async function claimAttempt(
  tx: Queryable,
  claim: { deliveryId: string; attempt: number; teamId: string; timeoutMs: number },
): Promise<Claim> {
  // When the attempts still holding their deliveries started, at the latest.
  const heldSince = sql`now() - make_interval(secs => ${leaseSeconds(claim.timeoutMs)})`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.webhookAccounts}, hashtext(${claim.teamId}))`);
  // An attempt of this delivery under way is said first, whatever the account's count. `IS NOT
  // NULL` names the predicate of the partial index of attempts under way.
  const [state] = await queryRows<{ own: boolean; busy: number }>(
    tx,
    sql`
    SELECT
      EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = ${claim.deliveryId} AND attempt_started_at >= ${heldSince}) AS own,
      (
        SELECT count(*)::int FROM webhook_deliveries d
        JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE e.team_id = ${claim.teamId} AND d.id <> ${claim.deliveryId} AND d.status = 'pending'
          AND d.attempt_started_at IS NOT NULL AND d.attempt_started_at >= ${heldSince}
      ) AS busy`,
  );
  if (state?.own) return "under-way";
  if ((state?.busy ?? 0) >= ACCOUNT_SLOTS) return "account-full";
  const started = await queryRows<{ id: string }>(
    tx,
    sql`
    UPDATE webhook_deliveries SET attempt_started_at = now()
    WHERE id = ${claim.deliveryId} AND status = 'pending' AND attempts = ${claim.attempt - 1}
      AND (attempt_started_at IS NULL OR attempt_started_at < ${heldSince})
    RETURNING id`,
  );
  return started.length > 0 ? "started" : "under-way";
}
