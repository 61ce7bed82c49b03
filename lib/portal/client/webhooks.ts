import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchJson, retryUnlessClientError } from "@/lib/http/client/fetch-json";
import type { WebhookDeliveryRow, WebhookEndpointRequest, WebhookEndpointRow, WebhookTestResult } from "@/lib/schemas/webhook";
import { sendWrite } from "./once-only-write";
import { portalKeys } from "./queries";

/*
 * The webhooks pages' data: endpoints and an endpoint's delivery log, and their writes, sent
 * once-only like every portal write. Each write waits for the refetch it causes, so what the page
 * shows afterwards is what the server holds.
 */

const webhookKeys = {
  endpoints: () => [...portalKeys.all, "webhooks"] as const,
  log: (id: string) => [...portalKeys.all, "webhooks", id, "deliveries"] as const,
};
const base = "/api/portal/webhooks";
const at = (id: string) => `${base}/${encodeURIComponent(id)}`;

export type DeliveryLog = { endpoint: WebhookEndpointRow; deliveries: WebhookDeliveryRow[] };

export const webhookEndpointsOptions = () =>
  queryOptions({
    queryKey: webhookKeys.endpoints(),
    queryFn: ({ signal }) => fetchJson<{ endpoints: WebhookEndpointRow[] }>(base, { signal }),
    retry: retryUnlessClientError,
  });

export const deliveryLogOptions = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.log(id),
    queryFn: ({ signal }) => fetchJson<DeliveryLog>(`${at(id)}/deliveries`, { signal }),
    retry: retryUnlessClientError,
    // Pending deliveries change on their own; the log follows them while it is open.
    refetchInterval: (query) => (query.state.data?.deliveries.some((row) => row.status === "pending") ? 3_000 : false),
  });

/** Registers an endpoint; the answer holds the only copy of its secret (null on a replay). */
export function useRegisterEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: WebhookEndpointRequest) =>
      sendWrite<{ secret: string | null; endpoint: WebhookEndpointRow }>("register-webhook", base, { method: "POST", json: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

export function useDeleteEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendWrite<{ deleted: string }>(`delete-webhook:${id}`, at(id), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}

export function useEnableEndpoint(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendWrite<{ endpoint: WebhookEndpointRow }>(`enable-webhook:${id}`, `${at(id)}/enable`, { method: "POST" }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.log(id) }),
      ]),
  });
}

export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      sendWrite<{ resent: string }>(
        `resend-webhook:${deliveryId}`,
        `${at(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        {
          method: "POST",
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.log(endpointId) }),
  });
}

/** Sends a test event to an endpoint; a double click joins the request already on its way. */
export function useSendTestEvent(id: string) {
  return useMutation({
    mutationFn: () => sendWrite<{ result: WebhookTestResult }>(`test-webhook:${id}`, `${at(id)}/test`, { method: "POST" }),
  });
}
