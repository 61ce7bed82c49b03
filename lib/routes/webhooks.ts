import "server-only";
import { notFound } from "@/lib/errors";
import { defineRoute } from "@/lib/http/server/route";
import { idPathSchema } from "@/lib/schemas/path-id";
import { deliveryPathSchema, webhookEndpointRequestSchema } from "@/lib/schemas/webhook";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
} from "@/lib/webhooks/server/endpoints";
import { sendTestEvent } from "@/lib/webhooks/server/test-event";
import { adminSecretWrite, adminWrite } from "./route-declarations";

/** The portal's webhook endpoints and their deliveries: read by any member, changed by admins. */

const unknownEndpoint = ({ id }: { id?: string }) => `webhook endpoint "${id}" not found`;
const endpointPath = { schema: idPathSchema, unknown: unknownEndpoint };

export const listEndpointsRoute = (auth: "session") =>
  defineRoute({ auth, budget: "read" }, async ({ account }) => ({ endpoints: await listWebhookEndpoints(account.teamId) }));

/** Registers an endpoint; only its summary is remembered for a replay, never the signing secret. */
export const createEndpointRoute = (auth: "session") =>
  defineRoute(
    { auth, ...adminSecretWrite("secret"), body: { schema: webhookEndpointRequestSchema, maxBytes: 8 * 1024 } },
    async ({ account, body }) => createWebhookEndpoint(account.teamId, body),
  );

export const deleteEndpointRoute = (auth: "session") =>
  defineRoute({ auth, ...adminWrite, params: endpointPath }, async ({ account, params }) => {
    if (!(await deleteWebhookEndpoint(account.teamId, params.id))) throw notFound(unknownEndpoint(params));
    return { deleted: params.id };
  });

/** Turns an endpoint that was disabled after 24 hours of failures back on. */
export const enableEndpointRoute = (auth: "session") =>
  defineRoute({ auth, ...adminWrite, params: endpointPath }, async ({ account, params }) => {
    const endpoint = await enableWebhookEndpoint(account.teamId, params.id);
    if (!endpoint) throw notFound(unknownEndpoint(params));
    return { endpoint };
  });

/** Sends a signed test event to the endpoint now and answers with how it answered. */
export const testEndpointRoute = (auth: "session") =>
  defineRoute({ auth, ...adminWrite, params: endpointPath }, async ({ account, params }) => {
    const result = await sendTestEvent(account.teamId, params.id);
    if (!result) throw notFound(unknownEndpoint(params));
    return { result };
  });

/** The endpoint and its latest deliveries, newest first. */
export const deliveriesRoute = (auth: "session") =>
  defineRoute({ auth, budget: "read", params: endpointPath }, async ({ account, params }) => {
    const log = await listWebhookDeliveries(account.teamId, params.id);
    if (!log) throw notFound(unknownEndpoint(params));
    return log;
  });

const unknownDelivery = ({ id, deliveryId }: { id?: string; deliveryId?: string }) =>
  `delivery "${deliveryId}" of webhook endpoint "${id}" not found`;

/** Sends a delivery again now, as its next attempt. */
export const resendDeliveryRoute = (auth: "session") =>
  defineRoute({ auth, ...adminWrite, params: { schema: deliveryPathSchema, unknown: unknownDelivery } }, async ({ account, params }) => {
    if (!(await resendWebhookDelivery(account.teamId, params.id, params.deliveryId))) throw notFound(unknownDelivery(params));
    return { resent: params.deliveryId };
  });
