import { closeDb, databaseKind, getDb } from "@/lib/db/client";

// Opening the database applies every pending migration.
await getDb();
console.error(`Migrations applied (${await databaseKind()}).`);
await closeDb();
