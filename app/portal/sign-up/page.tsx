import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthShell } from "@/components/portal/auth/auth-shell";
import { SignUpForm } from "@/components/portal/auth/sign-up-form";
import { authPageHref } from "@/components/portal/auth/switch-link";
import { env } from "@/lib/env";
import { currentUser } from "@/lib/portal/server/require-user";
import { InvitationNote } from "@/components/portal/auth/invitation-note";
import { invitationForReturn } from "@/lib/teams/server/invitation-for-return";
import { safeReturnPath } from "@/lib/auth/return-path";

export const metadata: Metadata = { title: "Create a partner account", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignUpPage({ searchParams }: Props) {
  const next = safeReturnPath((await searchParams).next);
  if (await currentUser()) redirect(next);
  const invitation = await invitationForReturn(next);
  return (
    <AuthShell
      title="Create a partner account"
      intro="Publish your collections and the perks their holders get, here or through the API."
      footer={
        <>
          Already have an account?{" "}
          <Link
            href={authPageHref("sign-in", next)}
            className="font-medium text-indigo-700 underline hover:no-underline dark:text-indigo-300"
          >
            Sign in
          </Link>
        </>
      }
    >
      {/* Without a mail server (development only: production requires one) the link goes to the log. */}
      {invitation ? <InvitationNote email={invitation.email} role={invitation.role} signUp /> : null}
      <SignUpForm next={next} linkInServerLog={!env().SMTP_URL} email={invitation?.email} />
    </AuthShell>
  );
}
