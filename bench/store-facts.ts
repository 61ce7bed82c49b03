import { desc, sql } from "drizzle-orm";
import { findOrCreateAccount } from "@/lib/auth/accounts";
import { createApiKey } from "@/lib/auth/api-keys";
import { closeDb, getDb, queryRows } from "@/lib/db/client";
import { collections } from "@/lib/db/schema";

// Small questions the benchmark asks a store before the server takes it over; answer on stdout.
const question = process.argv[2];
const db = await getDb();
if (question === "count") {
  const [row] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM collections`);
  console.log(row?.total ?? 0);
} else if (question === "key") {
  const account = await findOrCreateAccount("bench@example.com");
  console.log((await createApiKey(account.id, "benchmark")).key);
} else if (question === "sample-id") {
  const [row] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(sql`cardinality(${collections.perkIds}) >= 3`)
    .orderBy(desc(collections.lastmodified))
    .limit(1);
  console.log(row?.id ?? "");
} else {
  console.error(`unknown question ${question}`);
  process.exitCode = 2;
}
await closeDb();
