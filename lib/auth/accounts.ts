import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { badRequest } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { emailSchema } from "@/lib/schemas/account";

export type Account = typeof users.$inferSelect;

/** The account with this email, created (named after the email) when there is none. */
export async function findOrCreateAccount(rawEmail: string): Promise<Account> {
  const parsed = emailSchema.safeParse(rawEmail.trim());
  if (!parsed.success) throw badRequest(`email: ${JSON.stringify(rawEmail)} is not an email address`);
  const email = parsed.data;
  const db = await getDb();
  const [created] = await db
    .insert(users)
    .values({ id: newId(), email, name: email.split("@")[0] ?? email })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (created) return created;
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (!existing) throw new Error(`account ${email} vanished while being created`);
  return existing;
}

/** The contract's manager reference for an account. */
export const managerRef = (userId: string) => `Users/${userId}`;
