import type { Metadata } from "next";
import { signedOutVisitor } from "@/lib/portal/server/signed-out-visitor";
import { AuthShell } from "@/components/portal/auth/auth-shell";
import { InvitationNote } from "@/components/portal/auth/invitation-note";
import { SignUpForm } from "@/components/portal/auth/sign-up-form";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Create a partner account", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignUpPage({ searchParams }: Props) {
  const { next, invitation } = await signedOutVisitor((await searchParams).next);
  return (
    <AuthShell
      title="Create a partner account"
      intro="Publish your collections and the perks their holders get, here or through the API."
      switchTo={{ page: "sign-in", next, question: "Already have an account?", label: "Sign in" }}
    >
      {invitation ? <InvitationNote email={invitation.email} role={invitation.role} signUp /> : null}
      {/* Without a mail server (development only: production requires one) the link goes to the log. */}
      <SignUpForm next={next} linkInServerLog={!env().SMTP_URL} email={invitation?.email} />
    </AuthShell>
  );
}
