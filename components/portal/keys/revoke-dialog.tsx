"use client";

import { useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { failureText } from "@/lib/portal/client/once-only-write";
import type { ApiKeyRow } from "@/lib/schemas/account";

type Props = {
  target: ApiKeyRow | null;
  /** Resolves once the server confirmed the revocation; the dialog stays open until then. */
  onConfirm: (key: ApiKeyRow) => Promise<unknown>;
  pending: boolean;
  error: Error | null;
  onClose: () => void;
  /** Where focus goes after a revocation, since the button that opened the dialog goes away. */
  afterRevokeFocusId: string;
};

/**
 * Asks before revoking, in a modal dialog while there is a key to revoke: the browser keeps focus
 * inside, closes it on Escape and makes the rest of the page inert; focus starts on the harmless
 * choice. It stays open with the request's progress until the server has answered: a failure is
 * shown here, with a retry.
 */
export function RevokeDialog({ target, ...props }: Props) {
  return target ? <OpenRevokeDialog target={target} {...props} /> : null;
}

function OpenRevokeDialog({ target, onConfirm, pending, error, onClose, afterRevokeFocusId }: Props & { target: ApiKeyRow }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Only rendered after a click, so this is the button that opened the dialog.
  const opener = useRef<Element | null>(document.activeElement);

  return (
    <ModalDialog
      dialogRef={dialog}
      labelledBy="revoke-heading"
      describedBy="revoke-description"
      look="fixed"
      onClose={() => {
        onClose();
        if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
      }}
    >
      <div className="flex flex-col gap-4">
        <h2 id="revoke-heading" className="text-lg font-semibold">
          Revoke “{target.label}”?
        </h2>
        <p id="revoke-description" className="text-sm text-slate-700 dark:text-slate-300">
          Every call made with the key <code className="font-mono">{target.prefix}…</code> will be refused from now on. This cannot be
          undone.
        </p>
        {error && !pending ? <Alert>Could not revoke the key: {failureText(error)}. Try again.</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button tone="outline" autoFocus onClick={() => dialog.current?.close()}>
            Cancel
          </Button>
          <Button
            tone="red"
            state="wait-disabled"
            busy={pending}
            spinner
            onClick={() => {
              if (pending) return;
              onConfirm(target).then(
                () => {
                  opener.current = document.getElementById(afterRevokeFocusId);
                  dialog.current?.close();
                },
                () => undefined,
              );
            }}
          >
            {pending ? "Revoking…" : error ? "Try again" : "Revoke key"}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
