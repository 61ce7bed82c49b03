import { notFound } from "@/lib/errors";
import { defineRoute } from "@/lib/http/server/route";
import { idPathSchema } from "@/lib/schemas/path-id";
import { enableWebhookEndpoint } from "@/lib/webhooks/server/endpoints";

const unknownEndpoint = ({ id }: { id?: string }) => `webhook endpoint "${id}" not found`;

/** Turns an endpoint that was disabled after 24 hours of failures back on. */
export const POST = defineRoute(
  { auth: "session", role: "admin", budget: "write", params: { schema: idPathSchema, unknown: unknownEndpoint }, idempotent: true },
  async ({ account, params }) => {
    const endpoint = await enableWebhookEndpoint(account.teamId, params.id);
    if (!endpoint) throw notFound(unknownEndpoint(params));
    return { endpoint };
  },
);
