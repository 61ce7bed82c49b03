"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { historyEntryOptions } from "@/lib/portal/client/history";
import { failureText } from "@/lib/portal/client/once-only-write";
import type { ObjectChange } from "@/lib/schemas/history";

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The changes of an entry that its history page left out (the page's byte budget was spent):
 * read on demand, on "Show changes", then drawn by `children`.
 */
export function HistoryEntryChanges({
  collectionId,
  entryId,
  bytes,
  children,
}: {
  collectionId: string;
  entryId: number;
  bytes: number;
  children: (changes: ObjectChange[]) => ReactNode;
}) {
  const entry = useQuery({ ...historyEntryOptions(collectionId, entryId), enabled: false });
  if (entry.data) return <>{children(entry.data.Changes)}</>;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-slate-600 dark:text-slate-400">This change is large ({size(bytes)}), so it is not shown until you ask.</p>
      {entry.error ? <Alert>Could not load the change: {failureText(entry.error)}.</Alert> : null}
      <div>
        <Button tone="outline" size="xs" state="wait" busy={entry.isFetching} onClick={() => void entry.refetch()}>
          {entry.isFetching ? "Loading…" : "Show changes"}
        </Button>
      </div>
    </div>
  );
}
