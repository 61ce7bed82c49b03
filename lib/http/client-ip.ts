/**
 * The client's address for rate limiting requests without a valid key. Behind a load balancer
 * this is the first X-Forwarded-For entry, so the balancer must overwrite that header.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip") || "unknown";
}
