"use client";

import { useId, useState } from "react";
import { InstantText } from "@/components/local-time";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { panelClass } from "@/components/ui/panel";
import { EmptyState } from "@/components/ui/query-states";
import { failureText } from "@/lib/portal/client/once-only-write";
import { useResendInvitation, useRevokeInvitation } from "@/lib/portal/client/team";
import type { TeamViewJson } from "@/lib/schemas/team";
import type { Role } from "@/lib/schemas/team-roles";

type InvitationRow = TeamViewJson["invitations"][number];

/** Open invitations, with resend (a new link, 7 days from now) and revoke. */
export function InvitationList({ invitations, you, refusal }: { invitations: InvitationRow[]; you: Role; refusal: string | null }) {
  if (invitations.length === 0) return <EmptyState>No invitations waiting.</EmptyState>;
  return (
    <ul className={panelClass("divide-y divide-slate-200 dark:divide-slate-800")}>
      {invitations.map((invitation) => (
        <InvitationItem
          key={invitation.id}
          invitation={invitation}
          refusal={
            refusal ?? (invitation.role === "owner" && you !== "owner" ? "Only an owner can act on an invitation to be an owner" : null)
          }
        />
      ))}
    </ul>
  );
}

function InvitationItem({ invitation, refusal }: { invitation: InvitationRow; refusal: string | null }) {
  const id = useId();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [now] = useState(Date.now);
  const expired = Date.parse(invitation.expiresAt) <= now;
  const why = refusal ? `${id}-why` : undefined;
  const error = resend.error ?? revoke.error;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:flex-wrap sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium [overflow-wrap:anywhere]">
          {invitation.email} <span className="font-normal text-slate-600 dark:text-slate-400">as {invitation.role}</span>
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Sent <InstantText ms={Date.parse(invitation.sentAt)} />
          {invitation.invitedBy ? ` by ${invitation.invitedBy}` : ""} ·{" "}
          {expired ? (
            <Badge tone="warning">Expired</Badge>
          ) : (
            <>
              valid until <InstantText ms={Date.parse(invitation.expiresAt)} />
            </>
          )}
        </p>
      </div>
      <div className="flex gap-2">
        {(
          [
            ["Resend", resend],
            ["Revoke", revoke],
          ] as const
        ).map(([verb, action]) => (
          <Button
            key={verb}
            tone="outline"
            size="xs"
            state="dim"
            disabled={refusal !== null}
            busy={refusal ? undefined : action.isPending}
            aria-describedby={why}
            aria-label={`${verb} the invitation to ${invitation.email}`}
            onClick={() => action.mutate(invitation.id)}
          >
            {verb}
          </Button>
        ))}
      </div>
      {refusal ? (
        <p id={why} className="text-xs text-slate-600 sm:basis-full dark:text-slate-400">
          {refusal}
        </p>
      ) : null}
      <p role="status" className="text-sm text-emerald-800 empty:hidden sm:basis-full dark:text-emerald-300">
        {resend.isSuccess ? `A new link was sent to ${invitation.email}.` : ""}
      </p>
      <Alert look="inline" className="sm:basis-full">
        {error ? `Not done: ${failureText(error)}.` : null}
      </Alert>
    </li>
  );
}
