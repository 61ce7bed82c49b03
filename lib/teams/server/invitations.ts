import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { teamInvitations, teamMembers, teams, users } from "@/lib/db/schema";
import { AppError, badRequest, forbidden, notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { sendMail } from "@/lib/mail/send-mail";
import type { InvitationRequest, InvitationSummary } from "@/lib/schemas/team";
import { aRole, type Role } from "@/lib/schemas/team-roles";
import { OWNERS_ONLY, type Actor } from "./members";
import { refreshTeamManagers } from "./teams";

/** How long a link stays valid after it was (last) sent. */
export const INVITATION_DAYS = 7;
/** Seconds between two sends of one invitation: resending cannot make the service mail an address in a loop. */
export const RESEND_COOLDOWN_SECONDS = 60;
const resentRecently = (wait: number) =>
  new AppError(429, `This invitation was sent less than ${RESEND_COOLDOWN_SECONDS} seconds ago: wait ${wait} s before sending it again`, {
    "Retry-After": String(wait),
  });
/** Open invitations one team may hold: enough for any partner's staff, not a mailing list. */
export const OPEN_INVITATIONS = 50;

export const INVITATION_GONE = "This invitation is no longer valid: it was revoked, used or has expired. Ask the team for a new one.";
export const INVITATION_ELSEWHERE = "This invitation was sent to another email address: sign in with the account of the invited address";

/** Builds the link a message carries from its token; the route knows the site's address. */
export type LinkFor = (token: string) => string;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const expiry = () => new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
const unknownInvitation = (id: string) => `invitation "${id}" not found`;
const open = () => and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt));

/**
 * The message: plain text, the link whole. Nothing a member typed (the team's name) is in it:
 * anyone who makes a team could otherwise send words of their choosing in the service's voice.
 */
export function invitationText(role: Role, url: string): string {
  return [
    "Hello,",
    "",
    `A team on the Utility Data Service invited this email address to join it as ${aRole(role)}.`,
    `Open this link to see the team and accept; it is valid for ${INVITATION_DAYS} days and can be used once:`,
    "",
    url,
    "",
    "Sign in (or create an account) with this address to accept. If you did not expect this, ignore it: nothing happens unless you accept.",
  ].join("\n");
}

async function mail(email: string, role: Role, token: string, link: LinkFor): Promise<void> {
  const url = link(token);
  await sendMail(
    { to: email, subject: "You are invited to a team", text: invitationText(role, url) },
    { what: "Team invitation link", url },
  );
}

/** The team's open invitations (expired ones too, to resend or revoke), oldest first. */
export async function listInvitations(teamId: string): Promise<InvitationSummary[]> {
  const db = await getDb();
  return db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      invitedBy: users.email,
      sentAt: teamInvitations.sentAt,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.teamId, teamId), open()))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
}

/**
 * Invites an address to the actor's team and mails the link. Only an owner invites an owner; an
 * address that is a member, or has an invitation still valid, is refused (resend that one). The
 * row is written before the message goes out; a message that cannot be sent takes it back.
 */
export async function createInvitation(actor: Actor, request: InvitationRequest, link: LinkFor): Promise<InvitationSummary> {
  if (request.role === "owner" && actor.role !== "owner") throw forbidden(OWNERS_ONLY);
  const db = await getDb();
  const token = randomBytes(32).toString("base64url");
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM ${teams} WHERE id = ${actor.teamId} FOR UPDATE`);
    const [member] = await tx
      .select({ userId: users.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, actor.teamId), eq(users.email, request.email)));
    if (member) throw badRequest(`email: ${request.email} is already a member of the team`);
    // An expired invitation to the same address gives way to the new one.
    await tx
      .update(teamInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(teamInvitations.teamId, actor.teamId),
          eq(teamInvitations.email, request.email),
          open(),
          lte(teamInvitations.expiresAt, new Date()),
        ),
      );
    const pending = await tx
      .select({ email: teamInvitations.email })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, actor.teamId), open()));
    if (pending.some((row) => row.email === request.email)) {
      throw badRequest(`email: ${request.email} already has an invitation waiting: resend or revoke it`);
    }
    if (pending.length >= OPEN_INVITATIONS) throw badRequest(`The team has ${OPEN_INVITATIONS} open invitations: revoke some first`);
    await tx.insert(teamInvitations).values({
      id,
      teamId: actor.teamId,
      email: request.email,
      role: request.role,
      tokenHash: hashToken(token),
      invitedBy: actor.userId,
      expiresAt: expiry(),
    });
  });
  await mailOrTakeBack(id, request.email, request.role, token, link, async () => {
    await db.delete(teamInvitations).where(eq(teamInvitations.id, id));
  });
  return (await listInvitations(actor.teamId)).find((row) => row.id === id)!;
}

async function mailOrTakeBack(id: string, email: string, role: Role, token: string, link: LinkFor, takeBack: () => Promise<void>) {
  try {
    await mail(email, role, token, link);
  } catch (error) {
    log().error({ err: error, invitation: id }, "the invitation message could not be sent");
    await takeBack();
    throw new AppError(503, "The invitation message could not be sent; try again in a moment");
  }
}

/** An open invitation of the actor's team; only an owner acts on an invitation to be an owner. */
async function openInvitation(actor: Actor, id: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      email: teamInvitations.email,
      role: teamInvitations.role,
      tokenHash: teamInvitations.tokenHash,
      sentAt: teamInvitations.sentAt,
    })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, actor.teamId), open()));
  if (!row) throw notFound(unknownInvitation(id));
  if (row.role === "owner" && actor.role !== "owner") throw forbidden(OWNERS_ONLY);
  return row;
}

/**
 * Sends an open invitation again with a new link, valid 7 days from now; the old link stops
 * working. Once a minute at most per invitation (429 with Retry-After, nothing changed).
 */
export async function resendInvitation(actor: Actor, id: string, link: LinkFor): Promise<InvitationSummary> {
  const before = await openInvitation(actor, id);
  const since = (Date.now() - before.sentAt.getTime()) / 1000;
  if (since < RESEND_COOLDOWN_SECONDS) throw resentRecently(Math.ceil(RESEND_COOLDOWN_SECONDS - since));
  const db = await getDb();
  const token = randomBytes(32).toString("base64url");
  const changed = await db
    .update(teamInvitations)
    .set({ tokenHash: hashToken(token), sentAt: new Date(), expiresAt: expiry() })
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.tokenHash, before.tokenHash), open()))
    .returning({ id: teamInvitations.id });
  if (changed.length === 0) throw notFound(unknownInvitation(id));
  // The old link is gone either way; a message that fails leaves a link nobody holds, to resend again.
  await mailOrTakeBack(id, before.email, before.role, token, link, async () => {});
  return (await listInvitations(actor.teamId)).find((row) => row.id === id)!;
}

/** Revokes an open invitation: its link stops working at once. */
export async function revokeInvitation(actor: Actor, id: string): Promise<void> {
  await openInvitation(actor, id);
  const db = await getDb();
  const revoked = await db
    .update(teamInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, actor.teamId), open()))
    .returning({ id: teamInvitations.id });
  if (revoked.length === 0) throw notFound(unknownInvitation(id));
}

export type InvitationState = "pending" | "expired" | "revoked" | "accepted";
/** What the link's page shows before accepting. */
export type InvitationPreview = { teamId: string; teamName: string; email: string; role: Role; state: InvitationState };

/** The invitation a link names, for its page; null for a token that names none. */
export async function previewInvitation(token: string): Promise<InvitationPreview | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      email: teamInvitations.email,
      role: teamInvitations.role,
      acceptedAt: teamInvitations.acceptedAt,
      revokedAt: teamInvitations.revokedAt,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(eq(teamInvitations.tokenHash, hashToken(token)));
  if (!row) return null;
  const state: InvitationState = row.acceptedAt
    ? "accepted"
    : row.revokedAt
      ? "revoked"
      : row.expiresAt <= new Date()
        ? "expired"
        : "pending";
  return { teamId: row.teamId, teamName: row.teamName, email: row.email, role: row.role, state };
}

/**
 * Accepts an invitation for the signed-in account, which must hold the invited address: the
 * account joins the team with the invited role, and the link is spent. A second accept by the
 * same account (a double click) answers the same team; anyone else, or a spent, revoked or expired
 * link, changes nothing.
 */
export async function acceptInvitation(userId: string, token: string): Promise<{ teamId: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const [row] = await tx
      .select({
        id: teamInvitations.id,
        teamId: teamInvitations.teamId,
        email: teamInvitations.email,
        role: teamInvitations.role,
        acceptedBy: teamInvitations.acceptedBy,
        acceptedAt: teamInvitations.acceptedAt,
        revokedAt: teamInvitations.revokedAt,
        expiresAt: teamInvitations.expiresAt,
      })
      .from(teamInvitations)
      .where(eq(teamInvitations.tokenHash, hashToken(token)))
      .for("update");
    if (!row) throw notFound("This invitation does not exist: check the link, or ask the team for a new one");
    if (row.email !== account?.email.toLowerCase()) throw forbidden(INVITATION_ELSEWHERE);
    if (row.acceptedAt && row.acceptedBy === userId) return { teamId: row.teamId };
    if (row.acceptedAt || row.revokedAt || row.expiresAt <= new Date()) throw badRequest(INVITATION_GONE);
    const added = await tx
      .insert(teamMembers)
      .values({ teamId: row.teamId, userId: userId, role: row.role })
      .onConflictDoNothing()
      .returning({ userId: teamMembers.userId });
    if (added.length === 0) throw badRequest("You are already a member of this team");
    await tx.update(teamInvitations).set({ acceptedAt: new Date(), acceptedBy: userId }).where(eq(teamInvitations.id, row.id));
    await refreshTeamManagers(tx, row.teamId);
    return { teamId: row.teamId };
  });
}
