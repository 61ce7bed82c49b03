import { applyCreateRequest } from "@/lib/collections/write";
import { portalRoute } from "@/lib/http/portal-route";
import { readJsonBody } from "@/lib/http/read-json";
import { createRequestSchema } from "@/lib/schemas/create-request";
import { LIMITS } from "@/lib/schemas/limits";

// The portal saves through the same request shape and rules as POST /api-gateway/create.
export const POST = portalRoute("create", async ({ user, request }) => {
  const body = await readJsonBody(request, LIMITS.bodyBytes);
  const parsed = createRequestSchema.parse(body);
  return applyCreateRequest(user.id, parsed, body as Record<string, unknown>);
});
