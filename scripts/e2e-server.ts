import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createApiKey } from "@/lib/auth/api-keys";
import { ensureDemoAccount } from "@/lib/auth/demo-account";
import { closeDb } from "@/lib/db/client";
import { startDevChain } from "./dev-chain";
import { startMailCapture } from "./mail-capture";
import { productionServer } from "./production-server";
import { seedCollections } from "./seed/seed";
import { seedBulkAccount } from "./seed/seed-bulk-account";

/** Where end-to-end fixtures find the API key of the demo account. */
const E2E_KEY_FILE = ".data/e2e/api-key";
/** Where end-to-end specs find the local chain: its RPC URL and the demo contracts (owned by anvil's first account). */
const E2E_CHAIN_FILE = ".data/e2e/chain.json";
/** Where end-to-end fixtures read the mail the server sent, as `<recipient>.json`. */
const E2E_MAIL_DIR = ".data/e2e/mail";
const port = process.env.E2E_PORT ?? "3100";

// The local chain as `npm run dev` starts it (anvil, the demo contracts): it sets CHAIN_RPC_LOCALHOST,
// which the server inherits. Without a node the run goes on, and the chain's specs fail saying why.
const chain = await startDevChain();
console.log(chain.line);

// A fresh embedded store per run, unless DATABASE_URL points the server at PostgreSQL.
if (!process.env.DATABASE_URL) {
  process.env.PGLITE_DIR = ".data/e2e/pglite";
  fs.rmSync(process.env.PGLITE_DIR, { recursive: true, force: true });
}
await seedCollections(Number(process.env.E2E_SEED_COUNT ?? 300), { imageOrigin: `http://127.0.0.1:${port}` });
// Seeding sets the demo password too; this covers E2E_SEED_COUNT=0. Demo data goes only into a
// store of its own, so the demo account comes before any other account.
const demo = await ensureDemoAccount();
const { key } = await createApiKey(demo.id, "end-to-end tests", { replaceSameLabel: true });
// One account with thousands of collections, for My collections at scale.
await seedBulkAccount();
fs.mkdirSync(path.dirname(E2E_KEY_FILE), { recursive: true });
fs.writeFileSync(E2E_KEY_FILE, key);
fs.writeFileSync(
  E2E_CHAIN_FILE,
  JSON.stringify({ rpc: process.env.CHAIN_RPC_LOCALHOST ?? null, contracts: chain.addresses, line: chain.line }),
);
await closeDb();

// The server's real SMTP transport delivers to this process, which files each message for the fixtures.
const mail = await startMailCapture({ port: Number(process.env.E2E_SMTP_PORT ?? 2530), dir: E2E_MAIL_DIR });

// Every test signs up and in from the same address, far more often than a person would.
const server = productionServer(port, {
  ...process.env,
  SMTP_URL: mail.url,
  RATE_LIMIT_SEARCH_PER_MINUTE: "100000",
  RATE_LIMIT_CREATE_PER_MINUTE: "100000",
  AUTH_RATE_LIMIT_PER_MINUTE: "100000",
  AUTH_FAILED_SIGN_INS_PER_EMAIL_PER_HOUR: "100000",
  // e2e/portal-webhooks.spec.ts receives deliveries on 127.0.0.1.
  WEBHOOKS_ALLOW_PRIVATE: "1",
  // A line per request would bury the test report; e2e/production-server.spec.ts checks the log.
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // Localhost collections (e2e/wallet.spec.ts deploys and mints on the chain) are followed every second.
  CHAIN_SYNC_INTERVAL_SECONDS: "1",
});
const child = spawn(server.command, server.args, { stdio: "inherit", env: { ...process.env, ...server.env } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
