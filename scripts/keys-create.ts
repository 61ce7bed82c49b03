import { findOrCreateAccount } from "@/lib/auth/accounts";
import { createApiKey } from "@/lib/auth/api-keys";
import { closeDb } from "@/lib/db/client";

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error("Usage: npm run keys:create -- <email>");
  process.exit(2);
}

try {
  const account = await findOrCreateAccount(email);
  const { key } = await createApiKey(account.id, "command line");
  // Only the key goes to stdout, so `KEY=$(npm run keys:create -- me@example.com)` works.
  process.stdout.write(`${key}\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
