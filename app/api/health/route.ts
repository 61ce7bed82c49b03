/** Liveness, and the benchmark's measure of what the framework alone costs per request. */
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
