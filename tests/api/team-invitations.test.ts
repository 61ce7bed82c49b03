import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { OWNERS_ONLY } from "@/lib/teams/server/members";
import { INVITATION_ELSEWHERE, INVITATION_GONE } from "@/lib/teams/server/invitations";
import { addTeamMember } from "@/lib/teams/server/teams";
import { nextMailLink, testMailbox } from "../support/mailbox";
import { signUp, type Partner } from "../support/portal";
import { asPartner, tokenOf } from "../support/team";

// The invitation life cycle against the SMTP server the set-up file starts for this file: the
// application really mails the link, and the test reads it from what arrived.

const newEmail = () => `invited-${randomBytes(4).toString("hex")}@example.com`;
let owner: Partner;
let admin: Partner;

type Summary = { id: string; email: string; role: string; expiresAt: string; sentAt: string };
type TeamView = { team: { id: string; name: string }; members: { userId: string; role: string }[]; invitations: Summary[] };

const teamView = async (partner: Partner) => (await (await asPartner(partner, "GET", "/api/portal/team")).json()) as TeamView;
const invite = (partner: Partner, email: string, role = "editor") =>
  asPartner(partner, "POST", "/api/portal/team/invitations", { email, role });
const accept = (partner: Partner, token: string) => asPartner(partner, "POST", "/api/portal/invitations/accept", { token });
const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

/** Invites `email` and returns the invitation and the link the message to it carried. */
async function invited(email: string, role = "editor", by = owner) {
  const seen = testMailbox().messages(email).length;
  const response = await invite(by, email, role);
  expect(response.status).toBe(200);
  const { invitation } = (await response.json()) as { invitation: Summary };
  return { invitation, link: await nextMailLink(email, seen) };
}

async function state(): Promise<unknown> {
  const db = await getDb();
  return {
    members: await queryRows(db, sql`SELECT team_id, user_id, role FROM team_members ORDER BY team_id, user_id`),
    invitations: await queryRows(
      db,
      sql`SELECT id, email, role, token_hash, expires_at, accepted_at, revoked_at FROM team_invitations ORDER BY id`,
    ),
    managers: await queryRows(db, sql`SELECT id, managers FROM collections ORDER BY id`),
  };
}

beforeAll(async () => {
  [owner, admin] = [await signUp(), await signUp()];
  expect(await addTeamMember(owner.teamId, admin.userId, "admin")).toBe(true);
  const { sessionIdOf } = await import("../support/team");
  const { chooseTeam } = await import("@/lib/teams/server/teams");
  expect(await chooseTeam(await sessionIdOf(admin), admin.userId, owner.teamId)).toBe(true);
}, 400_000);

describe("an invitation's life", () => {
  it("is mailed with a link, listed while pending, and joins an existing account to the team once", async () => {
    const existing = await signUp(newEmail());
    const { invitation, link } = await invited(existing.email, "editor");
    expect(invitation).toMatchObject({ email: existing.email, role: "editor", invitedBy: owner.email });
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.sentAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect(new URL(link).pathname).toBe("/portal/invitation");
    // Nothing a member typed reaches the message: the team's name is the owner's sign-up name.
    const message = testMailbox().messages(existing.email).at(-1)!;
    expect(message).toMatch(/invited this email address to join it as an editor\./);
    expect(message).not.toContain("Test Partner");
    expect((await teamView(owner)).invitations.map((row) => row.email)).toContain(existing.email);

    const accepted = await accept(existing, tokenOf(link));
    expect(await answer(accepted)).toEqual({ status: 200, body: { teamId: owner.teamId } });
    // The session now works in the team joined, as an editor, and is among the Managers.
    const view = await teamView(existing);
    expect(view.team.id).toBe(owner.teamId);
    expect(view.members).toContainEqual(expect.objectContaining({ userId: existing.userId, role: "editor" }));
    expect(view.invitations.map((row) => row.email)).not.toContain(existing.email);

    // The same account again (a double click) is answered alike and changes nothing; the link is spent for anyone else.
    const before = await state();
    expect(await answer(await accept(existing, tokenOf(link)))).toEqual({ status: 200, body: { teamId: owner.teamId } });
    expect(await state()).toEqual(before);
  });

  it("takes two accepts at once (a double click) as one", async () => {
    const existing = await signUp(newEmail());
    const { link } = await invited(existing.email, "viewer");
    const answers = await Promise.all([accept(existing, tokenOf(link)), accept(existing, tokenOf(link))]);
    expect(answers.map((one) => one.status)).toEqual([200, 200]);
    const rows = await queryRows<{ role: string }>(
      await getDb(),
      sql`SELECT role FROM team_members WHERE team_id = ${owner.teamId} AND user_id = ${existing.userId}`,
    );
    expect(rows).toEqual([{ role: "viewer" }]);
  });

  it("lets a new address sign up, then join with the link", async () => {
    const email = newEmail();
    const { link } = await invited(email, "editor");
    const joined = await signUp(email);
    expect((await accept(joined, tokenOf(link))).status).toBe(200);
    expect((await teamView(joined)).members).toContainEqual(expect.objectContaining({ userId: joined.userId, role: "editor" }));
  });

  it("resends with a new link valid 7 days from now: the old link stops working", async () => {
    const existing = await signUp(newEmail());
    const { invitation, link } = await invited(existing.email);
    await getDb().then((db) =>
      db.execute(
        sql`UPDATE team_invitations SET sent_at = now() - interval '6 days', expires_at = now() + interval '1 day' WHERE id = ${invitation.id}`,
      ),
    );
    const seen = testMailbox().messages(existing.email).length;
    const resent = await asPartner(admin, "POST", `/api/portal/team/invitations/${invitation.id}/resend`);
    expect(resent.status).toBe(200);
    const { invitation: after } = (await resent.json()) as { invitation: Summary };
    expect(Date.parse(after.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const second = await nextMailLink(existing.email, seen);
    expect(second).not.toBe(link);
    expect((await accept(existing, tokenOf(link))).status).toBe(404);
    expect((await accept(existing, tokenOf(second))).status).toBe(200);
  });
});

describe("invitations refused, nothing changed", () => {
  it("accepting someone else's invitation: 403", async () => {
    const [invitee, other] = [await signUp(newEmail()), await signUp(newEmail())];
    const { link } = await invited(invitee.email);
    const before = await state();
    expect(await answer(await accept(other, tokenOf(link)))).toMatchObject({ status: 403, body: { error: INVITATION_ELSEWHERE } });
    expect(await state()).toEqual(before);
    // Still good for the address it was sent to.
    expect((await accept(invitee, tokenOf(link))).status).toBe(200);
  });

  it("accepting a revoked, an expired or an unknown invitation: 400, 400, 404", async () => {
    const [revokedOne, expiredOne] = [await signUp(newEmail()), await signUp(newEmail())];
    const revoked = await invited(revokedOne.email);
    expect((await asPartner(owner, "DELETE", `/api/portal/team/invitations/${revoked.invitation.id}`)).status).toBe(200);
    const expired = await invited(expiredOne.email);
    await (
      await getDb()
    ).execute(sql`UPDATE team_invitations SET expires_at = now() - interval '1 second' WHERE id = ${expired.invitation.id}`);
    const before = await state();
    expect(await answer(await accept(revokedOne, tokenOf(revoked.link)))).toMatchObject({ status: 400, body: { error: INVITATION_GONE } });
    expect(await answer(await accept(expiredOne, tokenOf(expired.link)))).toMatchObject({ status: 400, body: { error: INVITATION_GONE } });
    expect((await accept(expiredOne, "not-a-token")).status).toBe(404);
    expect(await state()).toEqual(before);
    // The revoked one is no longer listed; the expired one is, to resend or revoke.
    const listed = (await teamView(owner)).invitations.map((row) => row.id);
    expect(listed).not.toContain(revoked.invitation.id);
    expect(listed).toContain(expired.invitation.id);
  });

  it("inviting a member, an address already invited, or (as an admin) an owner", async () => {
    const pending = newEmail();
    await invited(pending);
    const before = await state();
    expect(await answer(await invite(owner, admin.email))).toMatchObject({
      status: 400,
      body: { error: `email: ${admin.email} is already a member of the team` },
    });
    expect((await invite(owner, pending.toUpperCase())).status).toBe(400);
    expect(await answer(await invite(admin, newEmail(), "owner"))).toMatchObject({ status: 403, body: { error: OWNERS_ONLY } });
    expect((await invite(owner, "not an address")).status).toBe(400);
    expect((await invite(owner, newEmail(), "superuser")).status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it("an admin resending or revoking an invitation to be an owner: 403; another team's invitation: 404", async () => {
    const { invitation } = await invited(newEmail(), "owner");
    const outsider = await signUp();
    const before = await state();
    expect((await asPartner(admin, "POST", `/api/portal/team/invitations/${invitation.id}/resend`)).status).toBe(403);
    expect((await asPartner(admin, "DELETE", `/api/portal/team/invitations/${invitation.id}`)).status).toBe(403);
    expect((await asPartner(outsider, "DELETE", `/api/portal/team/invitations/${invitation.id}`)).status).toBe(404);
    expect(await state()).toEqual(before);
  });
});
