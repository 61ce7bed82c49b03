import "server-only";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import type { Queryable } from "@/lib/db/types";
import { collections, teamMembers, teams } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { EDITING_ROLES, type Role } from "@/lib/schemas/team-roles";

/** A member's place in one team. */
export type Membership = { teamId: string; role: Role };

/**
 * The account's own team, made with the account (sign-up, an operator's account) with the
 * account as its owner; an account that is already a member of some team gets none. Returns the
 * account's first team either way.
 */
export async function ensureOwnTeam(db: Queryable, user: { id: string; name: string }): Promise<string> {
  const first = await firstTeamOf(db, user.id);
  if (first) return first.teamId;
  const teamId = newId();
  await db.insert(teams).values({ id: teamId, name: user.name });
  await db.insert(teamMembers).values({ teamId, userId: user.id, role: "owner" });
  return teamId;
}

/** The team the account joined first (its own, unless it left it), or null for an account in no team. */
export async function firstTeamOf(db: Queryable, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.teamId))
    .limit(1);
  return row ?? null;
}

/**
 * The team a portal session works in, and the member's role there: the session's chosen team
 * while the account is still its member, else the account's first team. Read on every request, so
 * a removed member loses the team at the next one.
 */
export async function sessionMembership(userId: string, sessionId: string): Promise<Membership | null> {
  const db = await getDb();
  const [row] = await queryRows<{ team_id: string; role: Role }>(
    db,
    sql`SELECT m.team_id, m.role FROM ${teamMembers} m
         WHERE m.user_id = ${userId}
         ORDER BY m.team_id IS NOT DISTINCT FROM (SELECT s.team_id FROM sessions s WHERE s.id = ${sessionId}) DESC, m.created_at, m.team_id
         LIMIT 1`,
  );
  return row ? { teamId: row.team_id, role: row.role } : null;
}

/**
 * The account ids the contract's `Managers` lists for a team's collections, its owners, admins and
 * editors in the order they joined, as a SQL array: a statement can store it without a read first.
 */
export const teamManagersOf = (teamId: SQL | string): SQL =>
  sql`(SELECT coalesce(array_agg(m.user_id ORDER BY m.created_at, m.user_id), '{}') FROM ${teamMembers} m
        WHERE m.team_id = ${teamId} AND m.role IN (${sql.join(
          EDITING_ROLES.map((role) => sql`${role}`),
          sql`, `,
        )}))`;

/** `teamManagersOf` read on its own. */
export async function teamManagers(db: Queryable, teamId: string): Promise<string[]> {
  const [row] = await queryRows<{ managers: string[] }>(db, sql`SELECT ${teamManagersOf(teamId)} AS managers`);
  return row?.managers ?? [];
}

/** Rewrites `Managers` of every collection of the team, in the transaction that changed its members. */
export async function refreshTeamManagers(db: Queryable, teamId: string): Promise<void> {
  await db
    .update(collections)
    .set({ managers: teamManagersOf(teamId) })
    .where(eq(collections.teamId, teamId));
}

/**
 * Makes an account a member of a team with a role, in one transaction with the team's `Managers`.
 * Invitations (and tests) add members through here; false when the account already is one.
 */
export async function addTeamMember(teamId: string, userId: string, role: Role): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(teamMembers)
      .values({ teamId, userId, role })
      .onConflictDoNothing()
      .returning({ userId: teamMembers.userId });
    if (added.length > 0) await refreshTeamManagers(tx, teamId);
    return added.length > 0;
  });
}

/** Makes `teamId` the team a session works in; false (nothing changed) unless the session's account is its member. */
export async function chooseTeam(sessionId: string, userId: string, teamId: string): Promise<boolean> {
  const db = await getDb();
  const chosen = await queryRows<{ id: string }>(
    db,
    sql`UPDATE sessions SET team_id = ${teamId}
         WHERE id = ${sessionId} AND user_id = ${userId}
           AND EXISTS (SELECT 1 FROM ${teamMembers} m WHERE m.team_id = ${teamId} AND m.user_id = ${userId})
     RETURNING id`,
  );
  return chosen.length > 0;
}
