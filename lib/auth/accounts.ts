import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { badRequest } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { emailSchema } from "@/lib/schemas/account";
import { ensureOwnTeam } from "@/lib/teams/server/teams";

/** An account, with the team it joined first (the one scripts and operators act for). */
export type Account = typeof users.$inferSelect & { teamId: string };

/**
 * The account with this email, created (named after the email, with its own team) when there is
 * none. Accounts made here by an operator or a script are `verified`: the operator vouches for the address.
 */
export async function findOrCreateAccount(rawEmail: string, { verified = false } = {}): Promise<Account> {
  const parsed = emailSchema.safeParse(rawEmail.trim());
  if (!parsed.success) throw badRequest(`email: ${JSON.stringify(rawEmail)} is not an email address`);
  const email = parsed.data;
  const db = await getDb();
  const [created] = await db
    .insert(users)
    .values({ id: newId(), email, name: email.split("@")[0] ?? email, emailVerified: verified })
    .onConflictDoNothing({ target: users.email })
    .returning();
  const account = created ?? (await db.select().from(users).where(eq(users.email, email)))[0];
  if (!account) throw new Error(`account ${email} vanished while being created`);
  // The account's row is locked while its team is looked for, so two first calls make one team.
  const teamId = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, account.id)).for("update");
    return ensureOwnTeam(tx, account);
  });
  return { ...account, teamId };
}

/** The contract's manager reference for an account. */
export const managerRef = (userId: string) => `Users/${userId}`;

export const unverifiedAccount = (email: string) =>
  `${email} signed up in the portal and has not confirmed that address: whoever signed up holds its password, ` +
  "so a key for it would be theirs. Ask the partner to confirm the address first, or pass --force if you know the account is theirs.";

/**
 * The account `npm run keys:create` mints for: created verified, or an existing one only if its
 * address is confirmed (or `force`). Otherwise anyone could sign up with a partner's email before
 * the partner arrives and receive the key an operator then makes for that email.
 */
export async function accountForOperatorKey(rawEmail: string, { force = false } = {}): Promise<Account> {
  const account = await findOrCreateAccount(rawEmail, { verified: true });
  if (!account.emailVerified && !force) throw new Error(unverifiedAccount(account.email));
  return account;
}
