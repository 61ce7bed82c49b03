import { notFound } from "@/lib/errors";
import { defineRoute } from "@/lib/http/server/route";
import { deliveryPathSchema } from "@/lib/schemas/webhook";
import { resendWebhookDelivery } from "@/lib/webhooks/server/endpoints";

const unknownDelivery = ({ id, deliveryId }: { id?: string; deliveryId?: string }) =>
  `delivery "${deliveryId}" of webhook endpoint "${id}" not found`;

/** Sends a delivery again now, as its next attempt. */
export const POST = defineRoute(
  { auth: "session", role: "admin", budget: "write", params: { schema: deliveryPathSchema, unknown: unknownDelivery }, idempotent: true },
  async ({ account, params }) => {
    if (!(await resendWebhookDelivery(account.teamId, params.id, params.deliveryId))) throw notFound(unknownDelivery(params));
    return { resent: params.deliveryId };
  },
);
