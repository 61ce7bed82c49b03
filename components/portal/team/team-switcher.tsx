"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { failureText, sendWrite } from "@/lib/portal/client/once-only-write";
import type { MyTeams } from "@/lib/schemas/team";

/** Chooses the team the session works in; every page and cached answer then follows the new team. */
export function TeamSwitcher({ teams, current }: { teams: MyTeams["teams"]; current: string }) {
  const id = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (teamId: string) => {
    setPending(true);
    setError(null);
    try {
      await sendWrite("choose-team", "/api/portal/teams", { method: "POST", json: { teamId } });
      // A record of the old team means nothing in the new one: start from its collections.
      // A full load, not a client navigation: the shared layout (the team bar) is kept by a client
      // navigation and must render again for the team now worked in, and no cached answer of the
      // previous team may show.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/portal/collections");
    } catch (failure) {
      setError(`The team could not be switched: ${failureText(failure as Error)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-slate-600 dark:text-slate-400">
        Switch team
      </label>
      <select
        id={id}
        value={current}
        disabled={pending}
        onChange={(event) => void choose(event.target.value)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900"
      >
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name} ({team.role})
          </option>
        ))}
      </select>
      <Alert look="inline">{error}</Alert>
    </div>
  );
}
