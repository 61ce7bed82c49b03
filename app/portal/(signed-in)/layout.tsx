import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AccountSeed } from "@/components/portal/account-seed";
import { ConfirmEmailNotice } from "@/components/portal/auth/confirm-email-notice";
import { LeaveDialog } from "@/components/portal/leave-dialog";
import { TeamBar } from "@/components/portal/team/team-bar";
import { requireUser } from "@/lib/portal/server/require-user";
import { teamsOf } from "@/lib/teams/server/members";

export const metadata: Metadata = { robots: { index: false } };

/**
 * Every signed-in portal page: the session is checked on the server before anything renders. The
 * portal's navigation and the account live in the site header, so a phone shows one bar; the
 * team the session works in (and the switcher) heads every page.
 */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const user = await requireUser("/portal");
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <AccountSeed account={{ name: user.name, email: user.email }} />
      {user.team ? (
        <TeamBar teams={(await teamsOf(user.id, user.team.teamId)).teams} teamId={user.team.teamId} role={user.team.role} />
      ) : null}
      {!user.emailVerified && <ConfirmEmailNotice email={user.email} />}
      {children}
      <LeaveDialog />
    </div>
  );
}
