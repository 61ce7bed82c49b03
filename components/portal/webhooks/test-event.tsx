"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { failureText } from "@/lib/portal/client/once-only-write";
import { useSendTestEvent } from "@/lib/portal/client/webhooks";
import type { WebhookTestResult } from "@/lib/schemas/webhook";

/** How much of the target's answer the page shows (the server reads up to 1 KiB). */
const SHOWN_CHARACTERS = 300;

/**
 * "Send a test event" for one endpoint, and how the target answered: status, time taken and the
 * first bytes of its answer, as the big webhook providers show them. The button is disabled while
 * the test runs, so a double click sends one event.
 */
export function TestEvent({ endpointId, url }: { endpointId: string; url: string }) {
  const test = useSendTestEvent(endpointId);
  const resultId = `test-result-${endpointId}`;
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button
          tone="outline"
          size="xs"
          state="wait-disabled"
          busy={test.isPending}
          onClick={() => test.mutate()}
          aria-label={`Send a test event to ${url}`}
          aria-describedby={test.data ? resultId : undefined}
        >
          {test.isPending ? "Sending…" : "Send a test event"}
        </Button>
      </div>
      {/* Always rendered, so the outcome put into it is announced. */}
      <div role="status">{test.data && !test.isPending ? <TestOutcome id={resultId} result={test.data.result} /> : null}</div>
      {test.error && !test.isPending ? <Alert>Could not send the test event: {failureText(test.error)}.</Alert> : null}
    </div>
  );
}

function TestOutcome({ id, result }: { id: string; result: WebhookTestResult }) {
  const time = `${result.durationMs.toLocaleString("en")} ms`;
  const shown = result.body.length > SHOWN_CHARACTERS ? `${result.body.slice(0, SHOWN_CHARACTERS)}…` : result.body;
  return (
    <div
      id={id}
      className={`flex flex-col gap-1 rounded-lg border px-3 py-2 text-sm ${
        result.ok
          ? "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
          : "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      }`}
    >
      <p data-testid="test-event-status">
        {result.status === null
          ? `No answer after ${time}: ${result.error}`
          : `${result.ok ? "Answered" : "Failed:"} HTTP ${result.status} in ${time}`}
      </p>
      {shown ? (
        <pre className="max-h-32 overflow-auto font-mono text-xs break-all whitespace-pre-wrap" aria-label="First bytes of the answer">
          {shown}
        </pre>
      ) : result.status !== null ? (
        <p className="text-xs">The answer had no body.</p>
      ) : null}
    </div>
  );
}
