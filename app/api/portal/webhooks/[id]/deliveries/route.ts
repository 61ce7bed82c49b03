import { notFound } from "@/lib/errors";
import { defineRoute } from "@/lib/http/server/route";
import { idPathSchema } from "@/lib/schemas/path-id";
import { listWebhookDeliveries } from "@/lib/webhooks/server/endpoints";

const unknownEndpoint = ({ id }: { id?: string }) => `webhook endpoint "${id}" not found`;

/** The endpoint and its latest deliveries, newest first. */
export const GET = defineRoute(
  { auth: "session", budget: "read", params: { schema: idPathSchema, unknown: unknownEndpoint } },
  async ({ account, params }) => {
    const log = await listWebhookDeliveries(account.teamId, params.id);
    if (!log) throw notFound(unknownEndpoint(params));
    return log;
  },
);
