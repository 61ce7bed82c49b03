"use client";

import { useState } from "react";
import { blankedFields, previewSave } from "@/lib/portal/client/history";
import type { CreateRequestInput } from "@/lib/schemas/create-request";
import { BlankingDialog } from "./blanking-dialog";

/**
 * Asks before a save clears fields that hold a value, from the server's dry run of exactly that
 * save. The save itself has the last word on errors: a failed preview (a 409 after a save whose
 * answer was lost, which the save's own Idempotency-Key replays; no connection) falls back to
 * `clearedLocally`, a comparison with the record the page holds.
 */
export function useBlankingConfirmation() {
  const [blanking, setBlanking] = useState<{ fields: string[]; answer: (save: boolean) => void } | null>(null);

  const confirm = async (body: CreateRequestInput, perkTitle: (perkId: string) => string, clearedLocally: () => string[]) => {
    const cleared = await previewSave(body)
      .then((preview) => blankedFields(preview, perkTitle))
      .catch(clearedLocally);
    if (cleared.length === 0) return true;
    return new Promise<boolean>((resolve) =>
      setBlanking({
        fields: cleared,
        answer: (answer) => {
          setBlanking(null);
          resolve(answer);
        },
      }),
    );
  };

  const dialog = blanking ? <BlankingDialog fields={blanking.fields} onAnswer={blanking.answer} /> : null;
  return { confirm, dialog };
}
