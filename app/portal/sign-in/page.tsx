import type { Metadata } from "next";
import { signedOutVisitor } from "@/lib/portal/server/signed-out-visitor";
import { AuthShell } from "@/components/portal/auth/auth-shell";
import { InvitationNote } from "@/components/portal/auth/invitation-note";
import { LinkOutcome } from "@/components/portal/auth/link-outcome";
import { SignInForm } from "@/components/portal/auth/sign-in-form";

export const metadata: Metadata = { title: "Partner sign-in", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const { next, invitation } = await signedOutVisitor(params.next);
  return (
    <AuthShell
      title="Partner sign-in"
      intro="Manage your collections, their perks and your API keys."
      switchTo={{
        page: "sign-up",
        next,
        question: "New to the portal?",
        label: invitation ? `Create an account for ${invitation.email}` : "Create an account",
      }}
    >
      {invitation ? <InvitationNote email={invitation.email} role={invitation.role} signUp={false} /> : null}
      <LinkOutcome confirmed={params.confirmed === "1"} failed={params.error !== undefined} />
      <SignInForm next={next} email={invitation?.email} />
    </AuthShell>
  );
}
