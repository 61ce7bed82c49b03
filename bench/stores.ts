import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { variedSearches, type StoreWords } from "./search-queries";

export type Store = { name: "pglite" | "postgres"; env: Record<string, string> };

const PGLITE_DIR = ".data/bench/pglite";

/** The URL of the benchmark's PostgreSQL database, created when missing. */
async function postgresUrl(): Promise<string> {
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/uds_bench";
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
  await client.end();
  return url;
}

export async function storeFor(name: Store["name"]): Promise<Store> {
  return name === "pglite" ? { name, env: { PGLITE_DIR } } : { name, env: { DATABASE_URL: await postgresUrl() } };
}

/** Runs a project script against a store (PGlite allows one process at a time: the server is not running). */
export function runScript(store: Store, script: string, args: string[] = []): string {
  const env = { ...process.env, ...store.env };
  if (!store.env.DATABASE_URL) delete env.DATABASE_URL;
  return execFileSync("npx", ["tsx", "--conditions=react-server", script, ...args], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    // A sample of ids runs to a few megabytes.
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * `runScript` without blocking this process's event loop: for scripts that run while this process
 * serves something they use, such as a local chain node whose output it drains (blocked, the
 * node's full output pipe would stall the node and the script waiting on it).
 */
export async function runScriptAsync(store: Store, script: string, args: string[] = []): Promise<string> {
  const env = { ...process.env, ...store.env };
  if (!store.env.DATABASE_URL) delete env.DATABASE_URL;
  const child = promisify(execFile)("npx", ["tsx", "--conditions=react-server", script, ...args], {
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  child.child.stderr?.pipe(process.stderr);
  return (await child).stdout;
}

/** Seeds the store up to `count` collections; a store seeded by an earlier run is reused. */
export function ensureSeeded(store: Store, count: number): void {
  const have = Number(runScript(store, "bench/store-facts.ts", ["count"]).trim());
  if (have >= count) {
    console.error(`${store.name}: ${have} collections already stored`);
    return;
  }
  runScript(store, "scripts/db-seed.ts", ["--count", String(count - have)]);
}

/** What a run reads of a seeded store before a server holds it: an API key, varied search URLs over its words, the key's collections. */
export type StoreFacts = { key: string; varied: () => string; known: string[] };

export function storeFacts(store: Store): StoreFacts {
  const key = runScript(store, "bench/store-facts.ts", ["key"]).trim();
  const varied = variedSearches(JSON.parse(runScript(store, "bench/store-facts.ts", ["words"])) as StoreWords);
  const known = JSON.parse(runScript(store, "bench/store-facts.ts", ["own-ids"])) as string[];
  return { key, varied, known };
}
