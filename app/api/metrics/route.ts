import { errorBody } from "@/lib/errors";
import { metricsAccess } from "@/lib/observability/metrics-access";
import { METRICS_CONTENT_TYPE, metricsText } from "@/lib/observability/metrics";

/** Prometheus metrics, for a scraper holding METRICS_TOKEN; 404 when no token is configured. */
export async function GET(request: Request) {
  const access = metricsAccess(request);
  if (access === "disabled") return Response.json(errorBody(404, "Not Found"), { status: 404 });
  if (access === "denied") {
    return Response.json(errorBody(401, "Bad metrics token"), { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="metrics"' } });
  }
  return new Response(await metricsText(), { headers: { "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store" } });
}
