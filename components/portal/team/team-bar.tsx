import type { MyTeams } from "@/lib/schemas/team";
import { aRole, type Role } from "@/lib/schemas/team-roles";
import { TeamSwitcher } from "./team-switcher";

/**
 * The team every portal page works in, under the site header: its name, the member's role, and
 * the switcher when the account belongs to more than one team.
 */
export function TeamBar({ teams, teamId, role }: { teams: MyTeams["teams"]; teamId: string; role: Role }) {
  const current = teams.find((team) => team.id === teamId);
  return (
    <section
      aria-label="Your team"
      className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <p>
        <span className="text-slate-600 dark:text-slate-400">Team: </span>
        <span data-testid="current-team" className="font-semibold break-words">
          {current?.name ?? "—"}
        </span>
        <span className="text-slate-600 dark:text-slate-400"> · you are {aRole(role)}</span>
      </p>
      {teams.length > 1 ? <TeamSwitcher teams={teams} current={teamId} /> : null}
    </section>
  );
}
