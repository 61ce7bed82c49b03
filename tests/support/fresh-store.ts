import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { closeDb } from "@/lib/db/client";
import { closeInsightsRedis } from "@/lib/insights/redis-stage";
import { closeRateLimiters } from "@/lib/rate-limit/limiter";
import { startTestMailbox } from "./mailbox";

/**
 * Every test file gets an empty store: an in-memory PGlite by default (loaded from the snapshot
 * migrated once a run), or, when DATABASE_URL is set, a new database on that server copied from
 * the one migrated once a run (dropped afterwards), so files never see each other's rows.
 */
const baseUrl = process.env.DATABASE_URL;

// Generous budgets so API tests measure rules, not the limiter; the limiter's own tests set theirs.
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = "1000000";
process.env.RATE_LIMIT_CREATE_PER_MINUTE = "1000000";
process.env.AUTH_RATE_LIMIT_PER_MINUTE = "1000000";
// Sign-up mail goes to this file's own SMTP server; tests follow the link in it.
const mailbox = await startTestMailbox();
let dropDatabase: (() => Promise<void>) | undefined;

if (baseUrl) {
  const name = `uds_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`DATABASE_URL is set but PostgreSQL is unreachable at ${baseUrl}: ${(error as Error).message}`);
  }
  // Copied from the database migrated once a run (tests/support/store-snapshot.ts).
  const template = inject("postgresTemplate");
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  // The same database on the streaming replica, which replays its creation. Only the replica's own
  // test reads from it (TEST_DATABASE_READ_URL): every other file searches right after writing and
  // expects its write, which a replica may lag by up to REPLICA_MAX_LAG_MS.
  if (process.env.DATABASE_READ_URL) {
    const replica = new URL(process.env.DATABASE_READ_URL);
    replica.pathname = `/${name}`;
    process.env.TEST_DATABASE_READ_URL = replica.toString();
  }
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
} else {
  process.env.PGLITE_DIR = "memory://";
  // Already migrated (tests/support/store-snapshot.ts); a new store in a folder starts from it too.
  const snapshot = inject("pgliteSnapshot");
  if (snapshot) process.env.PGLITE_SNAPSHOT = snapshot;
}
delete process.env.DATABASE_READ_URL;

afterAll(async () => {
  await closeRateLimiters();
  closeInsightsRedis();
  await closeDb();
  await mailbox.close();
  await dropDatabase?.();
});

if (process.env.REDIS_URL) {
  const { Redis } = await import("ioredis");
  const probe = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new Error(`REDIS_URL is set but Redis is unreachable at ${process.env.REDIS_URL}: ${(error as Error).message}`);
  } finally {
    probe.disconnect();
  }
}
