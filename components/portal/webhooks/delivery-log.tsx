"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { InstantText } from "@/components/local-time";
import { QueryStates } from "@/components/ui/query-states";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, type Column } from "@/components/ui/table";
import { failureText } from "@/lib/portal/client/once-only-write";
import {
  deliveryLogOptions,
  useEnableEndpoint,
  useResendDelivery,
  type DeliveryLog as DeliveryLogData,
} from "@/lib/portal/client/webhooks";

const when = (iso: string) => <InstantText ms={Date.parse(iso)} />;
const STATUS_TONE = { delivered: "success", pending: "neutral", failed: "warning" } as const;
type Delivery = DeliveryLogData["deliveries"][number];

/** One endpoint: its state (and why it is disabled), and its latest deliveries with a resend button each. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const log = useQuery(deliveryLogOptions(endpointId));
  return (
    <QueryStates query={log} what="The delivery log" loading="Loading the delivery log…">
      {(data) => <LoadedLog endpointId={endpointId} log={data} />}
    </QueryStates>
  );
}

function LoadedLog({ endpointId, log }: { endpointId: string; log: DeliveryLogData }) {
  const enable = useEnableEndpoint(endpointId);
  const resend = useResendDelivery(endpointId);
  const { endpoint, deliveries } = log;
  const columns: Column<Delivery>[] = [
    { header: "Event", rowHeader: true, className: "font-mono font-normal", cell: (row) => row.eventType },
    {
      header: "Status",
      cell: (row) => <Badge tone={STATUS_TONE[row.status]}>{row.status[0]!.toUpperCase() + row.status.slice(1)}</Badge>,
    },
    { header: "Response", cell: (row) => row.lastStatusCode ?? "—" },
    { header: "Attempts", cell: (row) => row.attempts },
    { header: "Next attempt", cell: (row) => (row.status === "pending" && row.nextAttemptAt ? when(row.nextAttemptAt) : "—") },
    { header: "Last error", className: "max-w-xs break-words", cell: (row) => row.lastError ?? "—" },
    { header: "Created", className: "whitespace-nowrap", cell: (row) => when(row.createdAt) },
    {
      header: "Actions",
      hideHeader: true,
      cell: (row) => (
        <Button
          tone="outline"
          size="xs"
          state="wait-disabled"
          disabled={!endpoint.enabled || (resend.isPending && resend.variables === row.id)}
          onClick={() => resend.mutate(row.id)}
          aria-label={`Resend ${row.eventType} ${row.id}`}
        >
          Resend
        </Button>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href="/portal/webhooks" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
          ← All endpoints
        </Link>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Delivery log</h1>
        <p className="font-mono text-sm break-all text-slate-700 dark:text-slate-300">{endpoint.url}</p>
      </div>
      {endpoint.enabled ? null : (
        <section
          aria-labelledby="disabled-heading"
          className="flex flex-col gap-3 rounded-xl border border-amber-500 bg-amber-50 p-4 dark:bg-amber-950"
        >
          <h2 id="disabled-heading" className="font-semibold text-amber-950 dark:text-amber-100">
            Deliveries to this endpoint are stopped
          </h2>
          <p className="text-sm text-amber-950 dark:text-amber-100">{endpoint.disabledReason ?? "The endpoint is disabled."}</p>
          {enable.error ? <Alert>Could not enable the endpoint: {failureText(enable.error)}. Try again.</Alert> : null}
          <div>
            <Button tone="indigo" state="wait-disabled" busy={enable.isPending} onClick={() => enable.mutate()}>
              {enable.isPending ? "Enabling…" : "Enable again"}
            </Button>
          </div>
        </section>
      )}
      {resend.error ? <Alert>Could not resend: {failureText(resend.error)}. Try again.</Alert> : null}
      <Table
        caption="Latest deliveries, newest first"
        columns={columns}
        rows={deliveries}
        rowKey={(row) => row.id}
        empty="Nothing sent yet. Create or edit a collection, and its events appear here."
        phone="scroll"
      />
    </div>
  );
}
