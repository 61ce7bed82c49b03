import { applyCreateRequest } from "@/lib/collections/write";
import { apiRoute } from "@/lib/http/api-route";
import { readJsonBody } from "@/lib/http/read-json";
import { LIMITS } from "@/lib/schemas/fields";
import { createRequestSchema } from "@/lib/schemas/create-request";

export const POST = apiRoute("create", async ({ caller, request }) => {
  const body = await readJsonBody(request, LIMITS.bodyBytes);
  const parsed = createRequestSchema.parse(body);
  return applyCreateRequest(caller.userId, parsed, body as Record<string, unknown>);
});
