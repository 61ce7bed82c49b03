import { defineRoute } from "@/lib/http/server/route";
import { webhookEndpointRequestSchema } from "@/lib/schemas/webhook";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks/server/endpoints";

export const GET = defineRoute({ auth: "session", budget: "read" }, async ({ account }) => ({
  endpoints: await listWebhookEndpoints(account.teamId),
}));

/**
 * Registers an endpoint; the answer is the only place its signing secret appears. A replay under
 * the same Idempotency-Key answers `secret: null`, so the secret is not kept for the replay window.
 */
export const POST = defineRoute(
  {
    auth: "session",
    role: "admin",
    budget: "write",
    body: { schema: webhookEndpointRequestSchema, maxBytes: 8 * 1024 },
    idempotent: { secret: "secret" },
  },
  async ({ account, body }) => createWebhookEndpoint(account.teamId, body),
);
