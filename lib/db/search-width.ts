/** What is read of a pg Pool: its checkouts and returns, and the saves waiting for a connection. */
export type WritePool = { on(event: "acquire" | "release", listener: () => void): unknown; readonly waitingCount: number };

/**
 * How many search connections may take a new search: one while saves crowd (two or more of them
 * hold or wait for a write connection at once) and for `yieldMs` after, all of them otherwise.
 * Each search connection's backend can keep a core busy: while saves pile up behind the public's
 * searches, the searches keep one, so the saves are not queued for the CPU behind both. A lone
 * save does not narrow them: at the open loop's mix that would cost searches capacity for nothing
 * (decision 096). Undefined (every connection, always) without a write pool, with `yieldMs` 0 or
 * with one search connection.
 */
export function searchWidth(writePool: WritePool | null, connections: number, yieldMs: number): (() => number) | undefined {
  if (!writePool || yieldMs === 0 || connections < 2) return undefined;
  let open = 0;
  let crowdedAt = -Infinity;
  writePool.on("acquire", () => {
    open += 1;
    if (open >= 2) crowdedAt = performance.now();
  });
  writePool.on("release", () => {
    open -= 1;
  });
  return () => {
    const now = performance.now();
    if (open + writePool.waitingCount >= 2) crowdedAt = now;
    return now - crowdedAt < yieldMs ? 1 : connections;
  };
}
