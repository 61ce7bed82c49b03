import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { productionConfigProblems } from "./production-config";
import { log } from "@/lib/log";

/**
 * Start-up checks, run once before the server takes its first request: a wrong setting or a
 * store held by another process stops the process with a message instead of failing requests.
 * Next.js only logs an error thrown by the instrumentation hook and starts anyway, so this exits.
 */
export async function checkStartupOrExit(): Promise<void> {
  await checkStartup().catch(refuse);
}

function refuse(error: unknown): never {
  log().fatal(`Start-up refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

async function checkStartup(): Promise<void> {
  const settings = env();
  if (process.env.NODE_ENV === "production") {
    const problems = productionConfigProblems(settings);
    if (problems.length > 0) throw new Error(`Unsafe configuration for production:\n  ${problems.join("\n  ")}`);
  }
  // The embedded store allows one process: open it now so a second process stops here, with the
  // lock's message. A PostgreSQL server may be down for a while; readiness reports that instead.
  if (settings.DATABASE_URL) return;
  // Under `npm run dev` the store is still being prepared while pages compile: open it in the
  // background (requests wait for it), and still stop the process if it cannot be opened.
  if (settings.PGLITE_WAIT_FOR_LOCK) void getDb().catch(refuse);
  else await getDb();
}
