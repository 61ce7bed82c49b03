import { parseArgs } from "node:util";
import { accountForOperatorKey } from "@/lib/auth/accounts";
import { createApiKey } from "@/lib/auth/api-keys";
import { closeDb } from "@/lib/db/client";

const USAGE = "Usage: npm run keys:create -- <email> [--force]   (--force: also for an account whose email is not confirmed)";
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
  // Only the key goes to stdout, so `KEY=$(npm run keys:create -- me@example.com)` works.
  process.stdout.write(`${key}\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
