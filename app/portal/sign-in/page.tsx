import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthShell } from "@/components/portal/auth/auth-shell";
import { LinkOutcome } from "@/components/portal/auth/link-outcome";
import { SignInForm } from "@/components/portal/auth/sign-in-form";
import { authPageHref } from "@/components/portal/auth/switch-link";
import { currentUser } from "@/lib/portal/server/require-user";
import { InvitationNote } from "@/components/portal/auth/invitation-note";
import { invitationForReturn } from "@/lib/teams/server/invitation-for-return";
import { safeReturnPath } from "@/lib/auth/return-path";

export const metadata: Metadata = { title: "Partner sign-in", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const next = safeReturnPath(params.next);
  if (await currentUser()) redirect(next);
  const invitation = await invitationForReturn(next);
  return (
    <AuthShell
      title="Partner sign-in"
      intro="Manage your collections, their perks and your API keys."
      footer={
        <>
          New to the portal?{" "}
          <Link
            href={authPageHref("sign-up", next)}
            className="font-medium text-indigo-700 underline hover:no-underline dark:text-indigo-300"
          >
            {invitation ? `Create an account for ${invitation.email}` : "Create an account"}
          </Link>
        </>
      }
    >
      {invitation ? <InvitationNote email={invitation.email} role={invitation.role} signUp={false} /> : null}
      <LinkOutcome confirmed={params.confirmed === "1"} failed={params.error !== undefined} />
      <SignInForm next={next} email={invitation?.email} />
    </AuthShell>
  );
}
