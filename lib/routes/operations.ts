import "server-only";
import { errorBody } from "@/lib/errors";
import { readinessProblem } from "@/lib/db/readiness";
import { metricsAccess } from "@/lib/observability/metrics-access";
import { METRICS_CONTENT_TYPE, metricsText } from "@/lib/observability/metrics";
import { warmUpProblem } from "@/lib/startup/warm-up";

/** What operators and their tools call: liveness, readiness and metrics. None is budgeted: they answer load balancers and scrapers. */

/** Liveness, and the benchmark's measure of what the framework alone costs per request. */
export function healthRoute() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * Readiness: 200 once the database answers and is migrated and this instance is warm (a load's
 * leftovers built, connections open, statements prepared), else 503 naming what is missing.
 */
export async function readyRoute() {
  const problem = (await readinessProblem()) ?? (await warmUpProblem());
  const headers = { "Cache-Control": "no-store" };
  if (problem)
    return Response.json({ status: "unavailable", error: problem }, { status: 503, headers: { ...headers, "Retry-After": "5" } });
  return Response.json({ status: "ready" }, { headers });
}

/** Prometheus metrics, for a scraper holding METRICS_TOKEN; 404 when no token is configured. */
export async function metricsRoute(request: Request) {
  const access = metricsAccess(request);
  if (access === "disabled") return Response.json(errorBody(404, "Not Found"), { status: 404 });
  if (access === "denied") {
    return Response.json(errorBody(401, "Bad metrics token"), { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="metrics"' } });
  }
  return new Response(await metricsText(), { headers: { "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store" } });
}
