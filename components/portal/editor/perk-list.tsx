"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Alert, StatusMessage } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { askToLeave } from "@/lib/portal/client/leave-confirmation";
import type { PerkDoc } from "@/lib/schemas/perk";
import { PerkForm } from "./perk-form";
import { PerkSummary } from "./perk-summary";
import { useRecordReload } from "./record-reload";
import { RemovePerkDialog } from "./remove-perk-dialog";

type Props = {
  collectionId: string;
  perks: PerkDoc[];
  onDirtyChange: (dirty: boolean) => void;
};

const NEW = "new";
const DISCARD_PERK = {
  title: "Discard your changes to this perk?",
  text: "The perk you are editing has unsaved changes. Open another and lose them?",
  leave: "Discard changes",
  stay: "Keep editing",
};

/** All perks of the collection: one at a time is edited in place or added at the end. */
export function PerkList({ collectionId, perks, onDirtyChange }: Props) {
  const { reload, reloading: loading, error: loadError } = useRecordReload();
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PerkDoc | null>(null);
  const [status, setStatus] = useState("");
  const [dirty, setDirty] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  // The form (or removed row) that had focus is gone; focus continues from the list's own action.
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) addButton.current?.focus();
  }, [focusRequests]);

  const trackDirty = useCallback(
    (value: boolean) => {
      setDirty(value);
      onDirtyChange(value);
    },
    [onDirtyChange],
  );
  const open = async (target: string | null) => {
    if (dirty && !(await askToLeave(DISCARD_PERK))) return;
    trackDirty(false);
    setStatus("");
    setEditing(target);
  };
  const closeWith = (message: string) => {
    trackDirty(false);
    setEditing(null);
    setStatus(message);
    setFocusRequests((count) => count + 1);
  };
  const formProps = { collectionId, onDirtyChange: trackDirty, onSaved: closeWith, onCancel: () => closeWith("") };

  return (
    <section id="perks" aria-labelledby="perks-heading" aria-busy={loading} className="flex scroll-mt-4 flex-col gap-4">
      <h2 id="perks-heading" className="text-xl font-semibold">
        Perks <span className="text-base font-normal text-slate-600 dark:text-slate-400">({perks.length})</span>
      </h2>
      <StatusMessage>{status}</StatusMessage>
      {loading ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading the latest perks…</p> : null}
      {loadError ? (
        <Alert look="inline" className="flex flex-wrap items-center gap-3">
          Could not load the perks: {loadError.message}
          <Button tone="secondary" state="wait" onClick={reload}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {perks.length === 0 && editing !== NEW ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No perks yet — add the first.
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {perks.map((perk) => (
          <li key={perk.PlatformPerkId}>
            {editing === perk.PlatformPerkId ? (
              <PerkForm perk={perk} {...formProps} />
            ) : (
              <PerkSummary perk={perk} onEdit={() => void open(perk.PlatformPerkId)} onRemove={() => setRemoving(perk)} />
            )}
          </li>
        ))}
      </ul>
      {editing === NEW ? <PerkForm {...formProps} /> : null}
      <div>
        <Button
          ref={addButton}
          tone="primary"
          state="wait"
          // A saved form closes at once and this button takes its place: the second half of a double
          // click on Save (a click whose count is 2 or more) must not open a new perk.
          onClick={(event) => {
            if (event.detail < 2) void open(NEW);
          }}
          hidden={editing === NEW}
        >
          Add a perk
        </Button>
      </div>
      {removing ? (
        <RemovePerkDialog
          collectionId={collectionId}
          perk={removing}
          onClose={() => setRemoving(null)}
          onReload={() => {
            setRemoving(null);
            reload();
          }}
          onRemoved={(perk) => {
            setRemoving(null);
            if (editing === perk.PlatformPerkId) setEditing(null);
            closeWith(`Perk “${perk.ShortDescription}” removed.`);
          }}
        />
      ) : null}
    </section>
  );
}
