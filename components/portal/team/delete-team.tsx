"use client";

import { useState } from "react";
import { Alert, StatusMessage } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DangerSection } from "@/components/ui/danger-section";
import { failureText, sendWrite } from "@/lib/portal/client/once-only-write";
import type { Role } from "@/lib/schemas/team-roles";
import { RoleGate } from "./role-gate";

/**
 * Deleting the current team, behind a dialog that names it. The service refuses while the team
 * owns collections or would leave a member with no team, and the dialog shows why.
 */
export function DeleteTeam({ name, you }: { name: string; you: Role }) {
  return (
    <DangerSection
      id="delete-team"
      title="Delete this team"
      text="Its API keys, webhooks, invitations and memberships are deleted with it. A team that still owns collections cannot be deleted: delete them first."
      action="Delete team"
      gate={(button) => (
        <RoleGate role={you} needs="owner" what="deleting the team">
          {button}
        </RoleGate>
      )}
      confirmation={(close) => <DeleteTeamDialog name={name} onClose={close} />}
    />
  );
}

function DeleteTeamDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const [state, setState] = useState<"asking" | "deleting" | "deleted">("asking");
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (state !== "asking") return;
    setState("deleting");
    setError(null);
    try {
      await sendWrite("delete-team", "/api/portal/team", { method: "DELETE" });
    } catch (failure) {
      setError(`The team was not deleted: ${failureText(failure as Error)}.`);
      setState("asking");
      return;
    }
    setState("deleted");
    // A full load, as after leaving: the team bar must render again for the team now worked in.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/portal/collections");
  };

  return (
    <ConfirmDialog
      title={<>Delete “{name}”?</>}
      text={<>“{name}”, its API keys, webhooks and invitations are deleted, and every member leaves it. This cannot be undone.</>}
      action={state === "deleting" ? "Deleting…" : "Delete team"}
      busy={state !== "asking"}
      onConfirm={confirm}
      onClose={onClose}
    >
      <StatusMessage className="mt-3">{state === "deleted" ? "Deleted. Opening your next team…" : ""}</StatusMessage>
      <Alert look="inline">{error}</Alert>
    </ConfirmDialog>
  );
}
