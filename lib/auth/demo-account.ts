import "server-only";
import { and, eq } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { getDb } from "@/lib/db/client";
import { credentials } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { findOrCreateAccount, type Account } from "./accounts";
import { DEMO_ACCOUNT } from "./demo-credentials";

export { DEMO_ACCOUNT };

/**
 * The demo account, with DEMO_ACCOUNT.password as its portal password. The password is reset on
 * every call, so the printed credentials always work, even on a store seeded before it existed.
 */
export async function ensureDemoAccount(): Promise<Account> {
  const account = await findOrCreateAccount(DEMO_ACCOUNT.email);
  const password = await hashPassword(DEMO_ACCOUNT.password);
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
