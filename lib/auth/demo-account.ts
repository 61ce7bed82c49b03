import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { getDb } from "@/lib/db/client";
import { credentials, users } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { findOrCreateAccount, type Account } from "./accounts";
import { DEMO_ACCOUNT } from "./demo-credentials";

export const DEMO_IN_PRODUCTION = "Demo data is never added in production (NODE_ENV=production): the demo account's password is published.";
export const DEMO_BESIDE_PARTNERS =
  `This store holds partner accounts besides the demo account (${DEMO_ACCOUNT.email}): demo data, whose password is ` +
  "published, is only added to a store of its own. Point PGLITE_DIR or DATABASE_URL at a new store.";

/** Demo data only goes where a published password can harm no one. */
async function assertDemoStore(): Promise<void> {
  if (process.env.NODE_ENV === "production") throw new Error(DEMO_IN_PRODUCTION);
  const db = await getDb();
  const others = await db.select({ id: users.id }).from(users).where(ne(users.email, DEMO_ACCOUNT.email)).limit(1);
  if (others.length > 0) throw new Error(DEMO_BESIDE_PARTNERS);
}

/**
 * The demo account, with DEMO_ACCOUNT.password as its portal password. The password is reset on
 * every call, so the printed credentials always work, even on a store seeded before it existed.
 */
export async function ensureDemoAccount(): Promise<Account> {
  await assertDemoStore();
  return ensurePasswordAccount(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
}

/** A confirmed account (created if missing) whose portal password is set to `plain`. */
export async function ensurePasswordAccount(email: string, plain: string): Promise<Account> {
  const account = await findOrCreateAccount(email, { verified: true });
  const password = await hashPassword(plain);
  const db = await getDb();
  // better-auth keeps an email-and-password sign-in as the "credential" provider, keyed by user id.
  const updated = await db
    .update(credentials)
    .set({ password, updatedAt: new Date() })
    .where(and(eq(credentials.userId, account.id), eq(credentials.providerId, "credential")))
    .returning({ id: credentials.id });
  if (updated.length === 0) {
    await db.insert(credentials).values({ id: newId(), userId: account.id, accountId: account.id, providerId: "credential", password });
  }
  return account;
}
