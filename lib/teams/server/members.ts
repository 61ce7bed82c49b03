import "server-only";
import { and, asc, eq, isNull, notInArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import type { Transaction } from "@/lib/db/types";
import { apiKeys, collections, teamInvitations, teamMembers, teams, users } from "@/lib/db/schema";
import { badRequest, conflict, forbidden, notFound } from "@/lib/errors";
import type { Member, MyTeams } from "@/lib/schemas/team";
import { grantableRoles, holds, type Role } from "@/lib/schemas/team-roles";
import { refreshTeamManagers } from "./teams";

/** Who acts on a team's members: the member and their role there. */
export type Actor = { userId: string; teamId: string; role: Role };

export const LAST_OWNER = "The team's last owner cannot leave or stop being an owner: make another member an owner first";
export const OWNERS_ONLY = "Only an owner can change, remove or make an owner";
const unknownMember = (userId: string) => `member "${userId}" not found in this team`;

/** The team's members, owners first, then by joining order, each with the live keys they minted (removal revokes them). */
export async function listMembers(teamId: string): Promise<Member[]> {
  const db = await getDb();
  const members = await db
    .select({ userId: users.id, name: users.name, email: users.email, role: teamMembers.role, joinedAt: teamMembers.createdAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(sql`${teamMembers.role} = 'owner' DESC`, asc(teamMembers.createdAt), asc(users.id));
  const keys = await db
    .select({ userId: apiKeys.userId, label: apiKeys.label, prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(and(eq(apiKeys.teamId, teamId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt));
  return members.map((member) => ({
    ...member,
    keys: keys.filter((key) => key.userId === member.userId).map(({ label, prefix }) => ({ label, prefix })),
  }));
}

/** The teams an account belongs to, by joining order, and the one the session works in. */
export async function teamsOf(userId: string, current: string): Promise<MyTeams> {
  const db = await getDb();
  const rows = await db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.createdAt), asc(teams.id));
  return { current, teams: rows };
}

/** The team's name, or null for a team that does not exist. */
export async function teamName(teamId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row?.name ?? null;
}

/**
 * Runs a change of the team's members with the team's row locked, so two changes at once (two
 * owners each demoting the other) cannot both pass the last-owner check, then rewrites `Managers`.
 */
async function changeMembers<T>(teamId: string, change: (tx: Transaction) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await queryRows(tx, sql`SELECT id FROM ${teams} WHERE id = ${teamId} FOR UPDATE`);
    const result = await change(tx);
    await refreshTeamManagers(tx, teamId);
    return result;
  });
}

async function roleOf(tx: Transaction, teamId: string, userId: string): Promise<Role | null> {
  const [row] = await tx
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role ?? null;
}

async function ownerCount(tx: Transaction, teamId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM ${teamMembers} WHERE team_id = ${teamId} AND role = 'owner'`,
  );
  return row?.n ?? 0;
}

/**
 * A member's power leaves with them: on leaving the team (`role` null) the keys they minted are
 * revoked, and the open invitations they sent that their role no longer lets them send (any, below
 * admin; an owner's invitation, below owner). Called in the transaction that changes the member.
 */
async function revokeWhatTheyNoLongerHold(tx: Transaction, teamId: string, userId: string, role: Role | null): Promise<void> {
  if (role === null) {
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.teamId, teamId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  }
  const sendable = role !== null && holds(role, "admin") ? grantableRoles(role) : [];
  await tx
    .update(teamInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        eq(teamInvitations.invitedBy, userId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        sendable.length > 0 ? notInArray(teamInvitations.role, sendable) : undefined,
      ),
    );
}

/** The member acted on, checked against the actor: only an owner touches an owner. */
async function target(tx: Transaction, actor: Actor, userId: string): Promise<Role> {
  const role = await roleOf(tx, actor.teamId, userId);
  if (!role) throw notFound(unknownMember(userId));
  if (role === "owner" && actor.role !== "owner") throw forbidden(OWNERS_ONLY);
  return role;
}

/**
 * Gives a member a new role. The route lets admins and owners in; an admin can neither touch an
 * owner nor make one, and the last owner cannot be demoted.
 */
export async function changeRole(actor: Actor, userId: string, role: Role): Promise<void> {
  await changeMembers(actor.teamId, async (tx) => {
    const current = await target(tx, actor, userId);
    if (role === "owner" && actor.role !== "owner") throw forbidden(OWNERS_ONLY);
    if (current === "owner" && role !== "owner" && (await ownerCount(tx, actor.teamId)) === 1) throw badRequest(LAST_OWNER);
    await tx
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.teamId, actor.teamId), eq(teamMembers.userId, userId)));
    await revokeWhatTheyNoLongerHold(tx, actor.teamId, userId, role);
  });
}

/**
 * Takes a member out of the team (or the actor out of it: leaving); the last owner cannot go. The
 * keys they minted and the invitations they sent are revoked with it.
 */
export async function removeMember(actor: Actor, userId: string): Promise<void> {
  await changeMembers(actor.teamId, async (tx) => {
    const current = userId === actor.userId ? actor.role : await target(tx, actor, userId);
    if (current === "owner" && (await ownerCount(tx, actor.teamId)) === 1) throw badRequest(LAST_OWNER);
    const removed = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, actor.teamId), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    if (removed.length === 0) throw notFound(unknownMember(userId));
    await revokeWhatTheyNoLongerHold(tx, actor.teamId, userId, null);
  });
}

/** Makes another member the owner; the owner who hands it over stays on as an admin. */
export async function transferOwnership(actor: Actor, userId: string): Promise<void> {
  if (userId === actor.userId) throw badRequest("userId: you already own the team; name the member who is to own it");
  await changeMembers(actor.teamId, async (tx) => {
    if (!(await roleOf(tx, actor.teamId, userId))) throw notFound(unknownMember(userId));
    await tx
      .update(teamMembers)
      .set({ role: "owner" })
      .where(and(eq(teamMembers.teamId, actor.teamId), eq(teamMembers.userId, userId)));
    await tx
      .update(teamMembers)
      .set({ role: "admin" })
      .where(and(eq(teamMembers.teamId, actor.teamId), eq(teamMembers.userId, actor.userId)));
    await revokeWhatTheyNoLongerHold(tx, actor.teamId, actor.userId, "admin");
  });
}

/** Renames the team (its owners only, by the route); the name shows wherever the team does. */
export async function renameTeam(actor: Actor, name: string): Promise<void> {
  const db = await getDb();
  await db.update(teams).set({ name }).where(eq(teams.id, actor.teamId));
}

export const STILL_OWNS = (count: number) =>
  `The team still owns ${count === 1 ? "1 collection" : `${count} collections`}: delete ${count === 1 ? "it" : "them"} first, so nothing is deleted without its own confirmation`;
export const ONLY_TEAM = (count: number) =>
  `${count === 1 ? "1 member has" : `${count} members have`} no other team, and an account needs one to use the portal: remove ${count === 1 ? "them" : "those members"} first (your own first team cannot be deleted)`;

/**
 * Deletes the team (its owners only): its keys, webhooks, invitations, memberships and budgets go
 * with it; the sessions working in it fall back to another of their member's teams. A team that
 * still owns collections is refused (409), and so is one whose deletion would leave a member with
 * no team (400). The team's row is locked first, so no one joins or creates a collection meanwhile.
 */
export async function deleteTeam(actor: Actor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await queryRows(tx, sql`SELECT id FROM ${teams} WHERE id = ${actor.teamId} FOR UPDATE`);
    const [owned] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${collections} WHERE team_id = ${actor.teamId}`);
    if (owned?.n) throw conflict(STILL_OWNS(owned.n));
    const [stranded] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM ${teamMembers} here
           WHERE here.team_id = ${actor.teamId}
             AND NOT EXISTS (SELECT 1 FROM ${teamMembers} other WHERE other.user_id = here.user_id AND other.team_id <> here.team_id)`,
    );
    if (stranded?.n) throw badRequest(ONLY_TEAM(stranded.n));
    await tx.delete(teams).where(eq(teams.id, actor.teamId));
  });
}
