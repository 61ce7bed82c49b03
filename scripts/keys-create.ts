import { parseArgs } from "node:util";
import { accountForOperatorKey } from "@/lib/auth/accounts";
import { createApiKey } from "@/lib/auth/api-keys";
import { closeDb } from "@/lib/db/client";

const USAGE = "Usage: npm run -s keys:create -- <email> [--force]   (--force: also for an account whose email is not confirmed)";
let email: string | undefined;
let force = false;
try {
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true });
  if (positionals.length === 1) email = positionals[0];
  force = values.force;
} catch {
  // Reported below with the usage line.
}
if (!email) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const account = await accountForOperatorKey(email, { force });
  const { key } = await createApiKey(account.id, "command line");
  // Only the key goes to stdout, so `KEY=$(npm run -s keys:create -- me@example.com)` works. Without
  // -s, npm has already written its "> script" banner to the same stdout: say so where it shows.
  process.stdout.write(`${key}\n`);
  if (process.env.npm_lifecycle_event && process.env.npm_config_loglevel !== "silent" && !process.stdout.isTTY) {
    console.error("npm printed its own lines before the key: run `npm run -s keys:create …` to capture the key alone.");
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
