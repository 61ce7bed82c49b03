"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { panelClass } from "@/components/ui/panel";
import { failureText, sendWrite } from "@/lib/portal/client/once-only-write";
import { useChangeRole, useRemoveMember } from "@/lib/portal/client/team";
import type { TeamViewJson } from "@/lib/schemas/team";
import { grantableRoles, leaveRefusal, memberChangeRefusal, TEAM_ROLES, type Role } from "@/lib/schemas/team-roles";
import { ConfirmStep } from "./confirm-step";

type MemberRow = TeamViewJson["members"][number];

/** The team's members, one row each: their role (a control where the caller may change it) and removal or leaving. */
export function MemberList({ members, you }: { members: MemberRow[]; you: TeamViewJson["you"] }) {
  const owners = members.filter((member) => member.role === "owner").length;
  return (
    <ul className={panelClass("divide-y divide-slate-200 dark:divide-slate-800")}>
      {members.map((member) => (
        <MemberItem key={member.userId} member={member} you={you} owners={owners} />
      ))}
    </ul>
  );
}

function MemberItem({ member, you, owners }: { member: MemberRow; you: TeamViewJson["you"]; owners: number }) {
  const id = useId();
  const self = member.userId === you.userId;
  const refusal = memberChangeRefusal(you.role, member.role);
  const cannotLeave = self ? leaveRefusal(you.role, owners) : null;
  const change = useChangeRole();
  const remove = useRemoveMember();
  const error = change.error ?? remove.error;
  // The roles offered: those the caller may give, and the member's own (shown even when not grantable).
  const roles = TEAM_ROLES.filter((role) => role === member.role || grantableRoles(you.role).includes(role));

  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:flex-wrap sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {member.name}
          {self ? <span className="text-slate-600 dark:text-slate-400"> (you)</span> : null}
        </p>
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">{member.email}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-role`} className="sr-only">
          Role of {member.name} ({member.email})
        </label>
        <select
          id={`${id}-role`}
          value={member.role}
          disabled={refusal !== null || change.isPending}
          aria-describedby={refusal ? `${id}-why` : undefined}
          onChange={(event) => change.mutate({ userId: member.userId, role: event.target.value as Role })}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:bg-slate-100 disabled:text-slate-600 dark:border-slate-600 dark:bg-slate-900 dark:disabled:bg-slate-800 dark:disabled:text-slate-400"
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        {self ? (
          <LeaveButton keys={member.keys} refusalId={cannotLeave ? `${id}-leave-why` : undefined} />
        ) : (
          <ConfirmStep
            ask="Remove"
            askLabel={`Remove ${member.name} (${member.email})`}
            refusalId={refusal ? `${id}-why` : undefined}
            notice={<KeysThatGo keys={member.keys} whose={`${member.name}'s`} />}
            act={`Remove ${member.name}`}
            back="Keep"
            busy={remove.isPending}
            onConfirm={(close) => remove.mutateAsync(member.userId).then(close, () => undefined)}
          />
        )}
      </div>
      {cannotLeave ? (
        <p id={`${id}-leave-why`} className="text-xs text-slate-600 sm:basis-full dark:text-slate-400">
          {cannotLeave}
        </p>
      ) : null}
      {refusal && !self ? (
        <p id={`${id}-why`} className="text-xs text-slate-600 sm:basis-full dark:text-slate-400">
          {refusal}
        </p>
      ) : null}
      <Alert look="inline" className="sm:basis-full">
        {error ? `Not changed: ${failureText(error)}.` : null}
      </Alert>
    </li>
  );
}

/**
 * Said before a removal or a leave is confirmed: the API keys the member minted stop working with
 * it (the server revokes them in the same transaction), so whoever relies on one knows first.
 */
function KeysThatGo({ keys, whose }: { keys: MemberRow["keys"]; whose: string }) {
  return (
    <p className="text-sm sm:basis-full">
      {keys.length === 0
        ? `${whose} API keys: none to revoke.`
        : `${whose} ${keys.length === 1 ? "API key is" : `${keys.length} API keys are`} revoked with it: ${keys
            .map((key) => `${key.label} (${key.prefix}…)`)
            .join(", ")}.`}
    </p>
  );
}

/** Leaves the team; the portal then works in the account's next team. Disabled, saying why, when the server would refuse. */
function LeaveButton({ keys, refusalId }: { keys: MemberRow["keys"]; refusalId?: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const leave = async (close: () => void) => {
    setPending(true);
    try {
      await sendWrite("leave-team", "/api/portal/team/leave", { method: "POST" });
      // A full load, not a client navigation: the shared layout (the team bar) is kept by a client
      // navigation and must render again for the team now worked in, and no cached answer of the
      // previous team may show.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/portal/collections");
    } catch (failure) {
      setError(`You are still a member: ${failureText(failure as Error)}.`);
      close();
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <ConfirmStep
        ask="Leave"
        refusalId={refusalId}
        notice={<KeysThatGo keys={keys} whose="Your" />}
        act="Leave the team"
        back="Stay"
        busy={pending}
        onConfirm={(close) => void leave(close)}
      />
      <Alert look="inline">{error}</Alert>
    </>
  );
}
