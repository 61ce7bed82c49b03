"use client";

import { Alert, StatusMessage } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { failureText } from "@/lib/portal/client/once-only-write";
import { isConflict } from "@/lib/portal/client/use-collection-mutations";
import { useRecordReload } from "./record-reload";

type Props = {
  /** The last success message; the live region is always present so it is announced. */
  status: string;
  error: Error | null;
};

/** What came of a save: announced success, or the error beside the action with a way forward. */
export function SaveFeedback({ status, error }: Props) {
  const { reload, reloading } = useRecordReload();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      <StatusMessage>{error ? "" : status}</StatusMessage>
      {error ? (
        <Alert className="flex flex-wrap items-center gap-3">
          {isConflict(error) ? (
            <>
              <span>This collection was changed by someone else. Your changes were not saved.</span>
              <Button tone="secondary" state="wait" onClick={reload} aria-disabled={reloading}>
                {reloading ? "Reloading…" : "Reload latest"}
              </Button>
            </>
          ) : (
            <span>Not saved: {failureText(error)}.</span>
          )}
        </Alert>
      ) : null}
    </div>
  );
}
