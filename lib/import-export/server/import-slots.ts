import "server-only";
import { AppError } from "@/lib/errors";

/**
 * Imports running in this process, by team. An import holds a database connection for its
 * whole transaction and its file in memory: two at a time leave the pool (10) and the heap to
 * everyone else, and one per team keeps one partner from taking both.
 */
export const IMPORTS_AT_ONCE = 2;
const running = new Set<string>();

/** Claims a slot before the body is read; call `release` once the import is over, however it ends. */
export function claimImportSlot(teamId: string): { release: () => void } {
  if (running.has(teamId)) {
    throw new AppError(
      429,
      "import: one of your team's imports is still running; wait for it to end",
      { "Retry-After": "30" },
      {
        code: "busy",
        field: null,
      },
    );
  }
  if (running.size >= IMPORTS_AT_ONCE) {
    throw new AppError(
      503,
      `import: ${IMPORTS_AT_ONCE} imports are running on this server; try again in a minute`,
      {
        "Retry-After": "30",
      },
      { code: "busy", field: null },
    );
  }
  running.add(teamId);
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      running.delete(teamId);
    },
  };
}
