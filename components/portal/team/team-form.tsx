"use client";

import type { FormEventHandler, ReactNode } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { Alert, StatusMessage } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PanelForm } from "@/components/ui/panel-form";
import { RequestError } from "@/lib/http/client/fetch-json";
import { failureText } from "@/lib/portal/client/once-only-write";

type Props = {
  /** Prefix of the heading's and the reason's ids. */
  id: string;
  title: string;
  /** Why the member's role may not send it, or null when it may: the form stays, disabled, with the reason. */
  refusal: string | null;
  /** The write's failure, and the field whose refusals (the answer's `field`) show beside it, not in the alert. */
  error: Error | null;
  field: string;
  /** What the alert says failed: "The invitation was not sent". */
  failed: string;
  pending: boolean;
  submit: { idle: string; pending: string };
  /** The success line, announced when it changes. */
  status: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The fields, laid out in a row from the `sm` width. */
  children: ReactNode;
};

/** The reason of a server refusal whose `field` is `field`, to show beside it; null for any other failure. */
const refusalAt = (field: string, error: Error | null) => (error instanceof RequestError && error.isAbout(field) ? error.reason : null);

/** Sends the form's values, then `sent`; a refusal of `field` is shown beside it (the form's alert shows the others). */
export const sendingTo =
  <V extends FieldValues>(send: (values: V) => Promise<unknown>, field: Path<V>, setError: UseFormSetError<V>, sent: (values: V) => void) =>
  (values: V) =>
    send(values).then(
      () => sent(values),
      (failure: Error) => {
        const why = refusalAt(field, failure);
        if (why) setError(field, { message: why });
      },
    );

/** A Members-page form: a panel with its heading, the role's reason, the fields and one submit button. */
export function TeamForm({ id, title, refusal, error, field, failed, pending, submit, status, onSubmit, children }: Props) {
  const failure = error && !refusalAt(field, error) ? `${failed}: ${failureText(error)}.` : null;
  return (
    <PanelForm id={id} title={title} describedBy={refusal ? `${id}-why` : undefined} onSubmit={onSubmit}>
      {refusal ? (
        <p id={`${id}-why`} className="text-sm text-slate-600 dark:text-slate-400">
          {refusal}.
        </p>
      ) : null}
      <Alert>{failure}</Alert>
      <fieldset disabled={refusal !== null} className="flex min-w-0 flex-col gap-3 sm:flex-row sm:items-start">
        {children}
      </fieldset>
      <div>
        {/* Outside the fieldset and disabled itself: axe exempts a disabled control from the contrast rule only then. */}
        <Button type="submit" tone="indigo" size="md" state="wait-disabled" spinner busy={pending} disabled={refusal !== null || pending}>
          {pending ? submit.pending : submit.idle}
        </Button>
      </div>
      <StatusMessage>{status}</StatusMessage>
    </PanelForm>
  );
}
