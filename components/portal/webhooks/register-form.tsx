"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { PanelForm } from "@/components/ui/panel-form";
import { RequestError } from "@/lib/http/client/fetch-json";
import { failureText } from "@/lib/portal/client/once-only-write";
import { useRegisterEndpoint } from "@/lib/portal/client/webhooks";
import { LIMITS } from "@/lib/schemas/limits";
import { WEBHOOK_EVENT_TYPES, webhookEndpointRequestSchema } from "@/lib/schemas/webhook";

export type NewSecret = { secret: string | null; url: string };

/** A refusal about one field (the answer's `field`: `url`, `events[1]`) is shown under that field, anything else above the form. */
function fieldOfRefusal(error: Error | null): { field: "url" | "events" | null; message: string } | null {
  if (!error) return null;
  const field = error instanceof RequestError ? (["url", "events"] as const).find((name) => error.isAbout(name)) : undefined;
  return field && error instanceof RequestError ? { field, message: error.reason } : { field: null, message: failureText(error) };
}

/** Registers an endpoint; `onRegistered` receives its secret, which exists nowhere else. */
export function RegisterEndpointForm({
  onRegistered,
  allowPrivate,
}: {
  onRegistered: (created: NewSecret) => void;
  /** This server accepts local and private targets (development). */
  allowPrivate: boolean;
}) {
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(webhookEndpointRequestSchema),
    defaultValues: { url: "", events: [...WEBHOOK_EVENT_TYPES] },
  });
  const mutation = useRegisterEndpoint();
  const refusal = fieldOfRefusal(mutation.error);

  return (
    <PanelForm
      id="register-webhook"
      title="Add an endpoint"
      onSubmit={handleSubmit((values) =>
        mutation.mutateAsync(values).then(
          ({ secret, endpoint }) => {
            reset();
            onRegistered({ secret, url: endpoint.url });
          },
          () => undefined,
        ),
      )}
    >
      <Alert>{refusal && !refusal.field ? `The endpoint could not be added: ${refusal.message}. Try again.` : null}</Alert>
      <TextField
        id="webhook-url"
        label="Endpoint URL"
        hint={
          allowPrivate
            ? "An address that accepts POST requests: https://, or on this server also http:// and local addresses."
            : "An https:// address of yours that accepts POST requests. Private and local addresses are refused."
        }
        maxLength={LIMITS.url}
        autoComplete="off"
        inputMode="url"
        error={formState.errors.url?.message ?? (refusal?.field === "url" ? refusal.message : undefined)}
        {...register("url")}
      />
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={formState.errors.events || refusal?.field === "events" ? "webhook-events-error" : undefined}
      >
        <legend className="text-sm font-medium">Events</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={type} className="size-4" {...register("events")} />
              <code className="font-mono">{type}</code>
            </label>
          ))}
        </div>
        {formState.errors.events || refusal?.field === "events" ? (
          <p id="webhook-events-error" className="text-sm text-red-700 dark:text-red-300">
            {formState.errors.events?.message ?? refusal?.message}
          </p>
        ) : null}
      </fieldset>
      <div>
        <SubmitButton pending={mutation.isPending} pendingLabel="Adding…">
          Add endpoint
        </SubmitButton>
      </div>
    </PanelForm>
  );
}
