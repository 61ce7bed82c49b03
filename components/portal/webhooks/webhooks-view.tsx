"use client";

import { panelClass } from "@/components/ui/panel";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { OneTimeSecretPage, introClass } from "@/components/ui/one-time-secret-page";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { failureText } from "@/lib/portal/client/once-only-write";
import { useDeleteEndpoint, webhookEndpointsOptions } from "@/lib/portal/client/webhooks";
import type { WebhookEndpointRow } from "@/lib/schemas/webhook";
import { NewSecretPanel } from "./new-secret-panel";
import { RegisterEndpointForm, type NewSecret } from "./register-form";
import { TestEvent } from "./test-event";

const LIST_HEADING = "webhook-list-heading";

/**
 * Register, list, test and delete the partner's webhook endpoints. `allowPrivate`: this server
 * accepts local and private targets (WEBHOOKS_ALLOW_PRIVATE, on by default in development).
 */
export function WebhooksView({ allowPrivate }: { allowPrivate: boolean }) {
  const endpoints = useQuery(webhookEndpointsOptions());

  return (
    <OneTimeSecretPage<NewSecret, NonNullable<typeof endpoints.data>>
      title="Webhooks"
      intro={
        <>
          <p className={introClass}>
            We send a signed POST to your endpoints whenever one of your collections or perks is created, edited or deleted, through the API
            or here. A failed delivery is retried for 24 hours.
          </p>
          {allowPrivate ? (
            <p className="mt-3 max-w-2xl rounded-lg border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
              This server accepts local targets (<code className="font-mono">http://localhost:4000/hooks</code>, private addresses and plain{" "}
              <code className="font-mono">http://</code>), so you can try webhooks against a receiver on your machine. It is the development
              default (<code className="font-mono">WEBHOOKS_ALLOW_PRIVATE</code>); production accepts only public{" "}
              <code className="font-mono">https://</code> URLs.
            </p>
          ) : null}
        </>
      }
      form={(onIssued) => <RegisterEndpointForm onRegistered={onIssued} allowPrivate={allowPrivate} />}
      secret={(created, onDone) => <NewSecretPanel created={created} onDone={onDone} />}
      list={{
        headingId: LIST_HEADING,
        heading: "Your endpoints",
        query: endpoints,
        what: "Your endpoints",
        loading: "Loading your endpoints…",
        empty: { when: (data) => data.endpoints.length === 0, say: "No endpoints yet. Add one above to receive events." },
        children: (data) => (
          <ul className="flex flex-col gap-3">
            {data.endpoints.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        ),
      }}
    />
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpointRow }) {
  const remove = useDeleteEndpoint();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className={panelClass("flex flex-col gap-2 p-4")}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-mono text-sm break-all">{endpoint.url}</span>
        {endpoint.enabled ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Disabled</Badge>}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">Events: {endpoint.events.join(", ")}</p>
      {endpoint.disabledReason ? <p className="text-sm text-amber-800 dark:text-amber-300">{endpoint.disabledReason}</p> : null}
      <TestEvent endpointId={endpoint.id} url={endpoint.url} />
      {remove.error ? <Alert>Could not delete the endpoint: {failureText(remove.error)}. Try again.</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Link
          href={`/portal/webhooks/${encodeURIComponent(endpoint.id)}`}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          Delivery log<span className="sr-only"> of {endpoint.url}</span>
        </Link>
        {confirming ? (
          <>
            <Button tone="red" size="xs" state="wait-disabled" busy={remove.isPending} onClick={() => remove.mutate(endpoint.id)}>
              {remove.isPending ? "Deleting…" : "Yes, delete it"}
            </Button>
            <Button tone="outline" size="xs" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button tone="outline" size="xs" onClick={() => setConfirming(true)} aria-label={`Delete ${endpoint.url}`}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}
