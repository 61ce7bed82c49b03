import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether a request may read the metrics: only with `Authorization: Bearer <METRICS_TOKEN>`.
 * Without METRICS_TOKEN the endpoint does not exist (null), so nothing is exposed by default.
 */
export function metricsAccess(request: Request): "disabled" | "denied" | "granted" {
  const token = env().METRICS_TOKEN;
  if (!token) return "disabled";
  const sent = request.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? "";
  return timingSafeEqual(digest(sent), digest(token)) ? "granted" : "denied";
}
