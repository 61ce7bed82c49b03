import { notFound } from "@/lib/errors";
import { defineRoute } from "@/lib/http/server/route";
import { idPathSchema } from "@/lib/schemas/path-id";
import { deleteWebhookEndpoint } from "@/lib/webhooks/server/endpoints";

const unknownEndpoint = ({ id }: { id?: string }) => `webhook endpoint "${id}" not found`;

export const DELETE = defineRoute(
  { auth: "session", role: "admin", budget: "write", params: { schema: idPathSchema, unknown: unknownEndpoint }, idempotent: true },
  async ({ account, params }) => {
    if (!(await deleteWebhookEndpoint(account.teamId, params.id))) throw notFound(unknownEndpoint(params));
    return { deleted: params.id };
  },
);
