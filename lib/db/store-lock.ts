import "server-only";
import fs from "node:fs";
import path from "node:path";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is single-process: a second process opening the same folder corrupts it. A pid file
 * beside the folder turns that into a clear error for the second process.
 */
export function holdStoreLock(dir: string): () => void {
  const owner = liveOwner(dir);
  if (owner) {
    throw new Error(
      `The embedded database in ${dir} is in use by process ${owner}. Stop that process first, ` +
        "or point DATABASE_URL at a PostgreSQL server to share one store between processes.",
    );
  }
  fs.writeFileSync(lockFile(dir), String(process.pid));
  return () => fs.rmSync(lockFile(dir), { force: true });
}

/**
 * As `holdStoreLock`, but waits while another live process holds the store: the dev start-up
 * prepares the store while its server compiles pages, and hands the store over by closing it.
 */
export async function awaitStoreLock(dir: string, pollMs = 100): Promise<() => void> {
  while (liveOwner(dir)) await new Promise((resolve) => setTimeout(resolve, pollMs));
  return holdStoreLock(dir);
}

const lockFile = (dir: string) => path.join(path.dirname(path.resolve(dir)), `${path.basename(dir)}.lock`);

/** The pid of another live process holding the store, if any. */
function liveOwner(dir: string): number | undefined {
  fs.mkdirSync(dir, { recursive: true });
  try {
    const owner = Number(fs.readFileSync(lockFile(dir), "utf8"));
    return owner && owner !== process.pid && isAlive(owner) ? owner : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return undefined;
  }
}
