import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AccountSeed } from "@/components/portal/account-seed";
import { ConfirmEmailNotice } from "@/components/portal/auth/confirm-email-notice";
import { LeaveDialog } from "@/components/portal/leave-dialog";
import { requireUser } from "@/lib/portal/server/require-user";

export const metadata: Metadata = { robots: { index: false } };

/**
 * Every signed-in portal page: the session is checked on the server before anything renders. The
 * portal's navigation and the account live in the site header, so a phone shows one bar.
 */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const user = await requireUser("/portal");
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <AccountSeed account={{ name: user.name, email: user.email }} />
      {!user.emailVerified && <ConfirmEmailNotice email={user.email} />}
      {children}
      <LeaveDialog />
    </div>
  );
}
