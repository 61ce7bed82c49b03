import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createApiKey } from "@/lib/auth/api-keys";
import { ensureDemoAccount } from "@/lib/auth/demo-account";
import { closeDb } from "@/lib/db/client";
import { seedCollections } from "./seed/seed";

/** Where end-to-end fixtures find the API key of the demo account. */
const E2E_KEY_FILE = ".data/e2e/api-key";
const port = process.env.E2E_PORT ?? "3100";

// A fresh embedded store per run, unless DATABASE_URL points the server at PostgreSQL.
if (!process.env.DATABASE_URL) {
  process.env.PGLITE_DIR = ".data/e2e/pglite";
  fs.rmSync(process.env.PGLITE_DIR, { recursive: true, force: true });
}
await seedCollections(Number(process.env.E2E_SEED_COUNT ?? 200));
// Seeding sets the demo password too; this covers E2E_SEED_COUNT=0.
const demo = await ensureDemoAccount();
const { key } = await createApiKey(demo.id, "end-to-end tests");
fs.mkdirSync(path.dirname(E2E_KEY_FILE), { recursive: true });
fs.writeFileSync(E2E_KEY_FILE, key);
await closeDb();

const child = spawn("next", ["start", "--port", port, "--hostname", "127.0.0.1"], {
  stdio: "inherit",
  // Every test signs up and in from the same address, far more often than a person would.
  env: { ...process.env, RATE_LIMIT_SEARCH_PER_MINUTE: "100000", RATE_LIMIT_CREATE_PER_MINUTE: "100000", AUTH_RATE_LIMIT_PER_MINUTE: "100000" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
