import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { findOrCreateAccount } from "@/lib/auth/accounts";
import { applyCreateRequest } from "@/lib/collections/write";
import { closeDb, databaseKind, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { createRequestSchema } from "@/lib/schemas/create-request";
import { applySearchBitmapChanges } from "@/lib/search/bitmaps";
import { collectionBody, perkBody } from "@/lib/traffic/write-bodies";

// Where a write's time goes, in-process on the store DATABASE_URL names (docs/performance.md,
// "Writes"): wall time, this process's CPU and PostgreSQL's WAL bytes per create and per edit of
// a collection with 5 perks, one at a time; then the time the search bitmap changes of an edit
// take to apply.
// For each statement's plan, run it with auto_explain on for the database (the docs say how).
const { values } = parseArgs({ options: { count: { type: "string", default: "200" } } });
const count = Number(values.count);

// Every statement counts; a round trip is a statement sent while its connection waits for no
// other answer (a pipelined connection sends several before the first answer comes back).
let statements = 0;
let roundTrips = 0;
const inFlight = new WeakMap<object, number>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  const waiting = inFlight.get(this) ?? 0;
  if (waiting === 0) roundTrips += 1;
  const answer = (query as (...args: unknown[]) => unknown).apply(this, args);
  if (answer instanceof Promise) {
    inFlight.set(this, waiting + 1);
    const settled = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
    answer.then(settled, settled);
  }
  return answer;
} as typeof query;

const db = await getDb();
const account = await findOrCreateAccount("bench@example.com", { verified: true });
const actor = { userId: account.id, teamId: account.teamId, keyId: null };
const body = (id?: string) => ({
  nftData: { ...collectionBody("Profile", 1), ...(id ? { PlatformNFTId: id } : {}) },
  perkData: Array.from({ length: 5 }, () => perkBody("Profile")),
});

async function walLsn(): Promise<bigint> {
  const [row] = await queryRows<{ lsn: string }>(db, sql`SELECT (pg_current_wal_lsn() - '0/0'::pg_lsn)::text AS lsn`);
  return BigInt(row!.lsn.split(".")[0]!);
}

/** CPU seconds (user + system) the database's client backends have used, from /proc (the server runs on this machine). */
async function backendCpu(): Promise<number> {
  const rows = await queryRows<{ pid: number }>(
    db,
    sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
  );
  let ticks = 0;
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
    // Fields 14 and 15 (utime, stime), counted after the command name's closing parenthesis.
    const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

/** Applies every queued search bitmap change, as many applies as it takes; returns how many. */
async function applyQueued(): Promise<number> {
  let applied = 0;
  for (let taken = await applySearchBitmapChanges(); taken > 0; taken = await applySearchBitmapChanges()) applied += taken;
  return applied;
}

/**
 * The search bitmap changes of each write applied before the next, as the background apply does
 * when writes come one at a time (no search runs here to start it): the PostgreSQL time a write
 * costs after it has answered, beside searches all the same. Only the applies are timed.
 */
async function profileApplies(name: string, make: (index: number) => Record<string, unknown>) {
  const postgres = (await databaseKind()) === "postgres";
  let wallMs = 0;
  let pgCpuMs = 0;
  let applied = 0;
  for (let index = 0; index < count; index += 1) {
    const submitted = make(index);
    await applyCreateRequest(actor, createRequestSchema.parse(submitted), submitted);
    const pgCpu = postgres ? await backendCpu() : 0;
    const started = performance.now();
    applied += await applyQueued();
    wallMs += performance.now() - started;
    if (postgres) pgCpuMs += ((await backendCpu()) - pgCpu) * 1000;
  }
  console.log(
    `${name}, its bitmap changes applied after it: ${(wallMs / count).toFixed(2)} ms wall, ${(pgCpuMs / count).toFixed(2)} ms PostgreSQL CPU per write (${applied} changes)`,
  );
}

type Written = { PlatformNFTId: string; perkIds: string[] };

async function profile(name: string, make: (index: number) => Record<string, unknown>): Promise<Written[]> {
  const written: Written[] = [];
  const postgres = (await databaseKind()) === "postgres";
  const wal = postgres ? await walLsn() : 0n;
  const pgCpu = postgres ? await backendCpu() : 0;
  const cpu = process.cpuUsage();
  const sent = statements;
  const tripsBefore = roundTrips;
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const submitted = make(index);
    const response = await applyCreateRequest(actor, createRequestSchema.parse(submitted), submitted);
    written.push({
      PlatformNFTId: (response.nftData as { PlatformNFTId: string }).PlatformNFTId,
      perkIds: ((response.perkData ?? []) as { PlatformPerkId: string }[]).map((perk) => perk.PlatformPerkId),
    });
  }
  const wallMs = (performance.now() - started) / count;
  const used = process.cpuUsage(cpu);
  const perWrite = (statements - sent) / count;
  const tripsPerWrite = (roundTrips - tripsBefore) / count;
  const walBytes = postgres ? Number((await walLsn()) - wal) / count : NaN;
  const pgCpuMs = postgres ? (((await backendCpu()) - pgCpu) * 1000) / count : NaN;
  console.log(
    `${name}: ${wallMs.toFixed(2)} ms wall, ${((used.user + used.system) / 1000 / count).toFixed(2)} ms Node CPU, ${pgCpuMs.toFixed(2)} ms PostgreSQL CPU, ${walBytes.toFixed(0)} WAL bytes, ${perWrite.toFixed(1)} statements and ${tripsPerWrite.toFixed(1)} round trips per write (${count} writes, one at a time)`,
  );
  return written;
}

const created = await profile("create (5 perks)", () => body());
// The worst case for the search rows: a new title is in every perk's discovery row too.
const edits = created.map(({ PlatformNFTId }) => body(PlatformNFTId));
await profile("edit (collection fields and 5 new perks)", (index) => edits[index]!);
// The edit partners make most: one perk's text, the collection's fields as they are stored.
await profile("edit (one perk's text, title kept)", (index) => ({
  nftData: edits[index]!.nftData,
  perkData: [{ ...perkBody("Profile"), PlatformNFTId: created[index]!.PlatformNFTId, PlatformPerkId: created[index]!.perkIds[0] }],
}));
// The queue the writes above left, then each write's changes applied on their own.
await applyQueued();
const editedAgain = created.map(({ PlatformNFTId }) => body(PlatformNFTId));
await profileApplies("edit (collection fields and 5 new perks)", (index) => editedAgain[index]!);
await profileApplies("edit (one perk's text, title kept)", (index) => ({
  nftData: editedAgain[index]!.nftData,
  perkData: [{ ...perkBody("Profile"), PlatformNFTId: created[index]!.PlatformNFTId, PlatformPerkId: created[index]!.perkIds[0] }],
}));
await closeDb();
