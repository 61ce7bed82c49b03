import { readinessProblem } from "@/lib/db/readiness";
import { warmUpProblem } from "@/lib/startup/warm-up";

/**
 * Readiness: 200 once the database answers and is migrated and this instance is warm (a load's
 * leftovers built, connections open, statements prepared), else 503 naming what is missing.
 */
export async function GET() {
  const problem = (await readinessProblem()) ?? (await warmUpProblem());
  const headers = { "Cache-Control": "no-store" };
  if (problem)
    return Response.json({ status: "unavailable", error: problem }, { status: 503, headers: { ...headers, "Retry-After": "5" } });
  return Response.json({ status: "ready" }, { headers });
}
