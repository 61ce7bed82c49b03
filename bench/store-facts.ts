import { desc, sql } from "drizzle-orm";
import { findOrCreateAccount } from "@/lib/auth/accounts";
import { createApiKey } from "@/lib/auth/api-keys";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { collections } from "@/lib/db/schema";
import { storeWords } from "./store-facts-words";

// Small questions the benchmark asks a store before the server takes it over; answer on stdout.
const question = process.argv[2];
const db = await getDb();
if (question === "count") {
  const [row] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM collections`);
  console.log(row?.total ?? 0);
} else if (question === "key") {
  const account = await findOrCreateAccount("bench@example.com", { verified: true });
  console.log((await createApiKey(account.id, "benchmark", { replaceSameLabel: true })).key);
} else if (question === "bulk-account") {
  // The account with thousands of collections that My collections is measured on: seeded once.
  const { BULK_ACCOUNT } = await import("@/scripts/seed/bulk-account");
  const managed = async () => {
    const [row] = await queryRows<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM collections c JOIN users u ON u.id = ANY(c.managers) WHERE u.email = ${BULK_ACCOUNT.email}`,
    );
    return row?.total ?? 0;
  };
  if ((await managed()) < BULK_ACCOUNT.count) {
    const { seedBulkAccount } = await import("@/scripts/seed/seed-bulk-account");
    await seedBulkAccount();
  }
  console.log(await managed());
} else if (question === "sample-id") {
  const [row] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(sql`cardinality(${collections.perkIds}) >= 3`)
    .orderBy(desc(collections.lastmodified))
    .limit(1);
  console.log(row?.id ?? "");
} else if (question === "sample-ids") {
  // Ids to retrieve a different collection at each request: a random sample, at most 100,000.
  const rows = await queryRows<{ id: string }>(db, sql`SELECT id FROM ${collections} ORDER BY random() LIMIT 100000`);
  console.log(JSON.stringify(rows.map((row) => row.id)));
} else if (question === "own-ids") {
  // Collections the bench's key made in earlier runs: the latency run edits these, not new ones.
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT c.id FROM ${collections} c JOIN users u ON u.id = ANY(c.managers) WHERE u.email = 'bench@example.com' LIMIT 200`,
  );
  console.log(JSON.stringify(rows.map((row) => row.id)));
} else if (question === "insight-views") {
  // Every view the insights flushes stored: the insights bench checks its beacons were counted.
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`SELECT coalesce(sum(count), 0)::int AS total FROM insight_counts WHERE metric = 'views'`,
  );
  console.log(row?.total ?? 0);
} else if (question === "words") {
  console.log(JSON.stringify(await storeWords()));
} else {
  console.error(`unknown question ${question}`);
  process.exitCode = 2;
}
await closeDb();
