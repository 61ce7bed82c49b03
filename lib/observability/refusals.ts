import "server-only";
import { Counter, register } from "prom-client";

/**
 * The count of 429s, apart from the other metrics (metrics.ts) because proxy.ts counts the
 * search pages' refusals too and must not load the database modules those metrics read.
 */
const refusals =
  (register.getSingleMetric("uds_rate_limit_refusals_total") as Counter | undefined) ??
  new Counter({ name: "uds_rate_limit_refusals_total", help: "Requests refused with 429, by limit", labelNames: ["limit"] });

/** Counts one request refused by the limit named `limit` (read, write, auth, sign-in-email, key-miss). */
export function countRateLimitRefusal(limit: string): void {
  refusals.inc({ limit });
}
