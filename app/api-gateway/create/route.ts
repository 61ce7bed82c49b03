import { applyCreateRequest } from "@/lib/collections/write";
import { apiRoute } from "@/lib/http/api-route";
import { JsonReply } from "@/lib/http/json-reply";
import { readJsonBody } from "@/lib/http/read-json";
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, idempotent } from "@/lib/idempotency/idempotency";
import { LIMITS } from "@/lib/schemas/fields";
import { createRequestSchema } from "@/lib/schemas/create-request";

export const POST = apiRoute("create", async ({ caller, request }) => {
  const body = await readJsonBody(request, LIMITS.bodyBytes);
  const { result, replayed } = await idempotent(caller.userId, request.headers.get(IDEMPOTENCY_HEADER), body, () =>
    applyCreateRequest(caller.userId, createRequestSchema.parse(body), body as Record<string, unknown>),
  );
  return replayed ? new JsonReply(result, { [REPLAYED_HEADER]: "true" }) : result;
});
