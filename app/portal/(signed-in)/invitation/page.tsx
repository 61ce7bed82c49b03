import type { Metadata } from "next";
import { AcceptInvitation } from "@/components/portal/team/accept-invitation";
import { TextLink } from "@/components/text-link";
import { panelClass } from "@/components/ui/panel";
import { requireUser } from "@/lib/portal/server/require-user";
import { previewInvitation } from "@/lib/teams/server/invitations";
import { aRole } from "@/lib/schemas/team-roles";

export const metadata: Metadata = { title: "Team invitation", referrer: "no-referrer" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * The page an invitation's link opens. Signing in (or signing up, then signing in) comes first,
 * and brings the person back here; then the team, the role and the address are shown before
 * anything is accepted.
 */
export default async function InvitationPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const text = typeof token === "string" ? token : "";
  const user = await requireUser(`/portal/invitation?token=${encodeURIComponent(text)}`);
  const invitation = text ? await previewInvitation(text) : null;
  const box = panelClass("flex max-w-xl flex-col gap-4 p-4 sm:p-6");

  let body;
  if (!invitation) {
    body = <p>This link names no invitation. Check that it was copied whole, or ask the team for a new one.</p>;
  } else if (invitation.state !== "pending") {
    const why = { accepted: "has been used", revoked: "was revoked", expired: "has expired" }[invitation.state];
    body = (
      <p>
        This invitation to <strong>{invitation.teamName}</strong> {why}. Ask the team for a new one.
      </p>
    );
  } else if (invitation.email !== user.email.toLowerCase()) {
    body = (
      <p>
        This invitation was sent to <strong className="[overflow-wrap:anywhere]">{invitation.email}</strong>, and you are signed in as{" "}
        <strong className="[overflow-wrap:anywhere]">{user.email}</strong>. Sign out, then sign in (or create an account) with the invited
        address and open the link again.
      </p>
    );
  } else {
    body = (
      <>
        <p>
          You are invited to join <strong className="break-words">{invitation.teamName}</strong> as {aRole(invitation.role)}.
        </p>
        <AcceptInvitation token={text} teamName={invitation.teamName} />
      </>
    );
  }
  return (
    <main id="main" className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Team invitation</h1>
      <div className={box}>{body}</div>
      <TextLink href="/portal/collections">← My collections</TextLink>
    </main>
  );
}
