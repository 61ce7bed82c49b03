"use client";

import { useQuery } from "@tanstack/react-query";
import { QueryStates } from "@/components/ui/query-states";
import { teamOptions } from "@/lib/portal/client/team";
import { holds } from "@/lib/schemas/team-roles";
import { DeleteTeam } from "./delete-team";
import { InvitationList } from "./invitation-list";
import { InviteForm } from "./invite-form";
import { MemberList } from "./member-list";
import { TeamNameForm } from "./team-name-form";

export const NOT_ADMIN = "Only owners and admins invite, change and remove members";

/**
 * The current team's members and invitations. Everyone sees all of it; controls the member's role
 * does not allow stay on screen, disabled, with the reason beside them.
 */
export function MembersView({ linkInServerLog = false }: { linkInServerLog?: boolean }) {
  const team = useQuery(teamOptions());
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Members</h1>
        <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
          Owners manage everything, the members and the team included; admins manage members (other than owners), API keys and webhooks;
          editors edit collections and perks and import; viewers read.
        </p>
      </div>
      <QueryStates query={team} what="The team" loading="Loading the team…">
        {(data) => {
          const you = data.you.role;
          const notAdmin = holds(you, "admin") ? null : NOT_ADMIN;
          return (
            <>
              <InviteForm you={you} refusal={notAdmin} linkInServerLog={linkInServerLog} />
              <section aria-labelledby="members-heading" className="flex flex-col gap-3">
                <h2 id="members-heading" tabIndex={-1} className="text-lg font-semibold outline-none">
                  {data.team.name}: {data.members.length} {data.members.length === 1 ? "member" : "members"}
                </h2>
                <MemberList members={data.members} you={data.you} />
              </section>
              <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
                <h2 id="invitations-heading" className="text-lg font-semibold">
                  Invitations waiting
                </h2>
                <InvitationList invitations={data.invitations} you={you} refusal={notAdmin} />
              </section>
              <TeamNameForm name={data.team.name} you={you} />
              <DeleteTeam name={data.team.name} you={you} />
            </>
          );
        }}
      </QueryStates>
    </div>
  );
}
