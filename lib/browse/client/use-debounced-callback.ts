import { useCallback, useEffect, useRef } from "react";

/**
 * `callback` delayed until calls stop for `delayMs`. Also returns `flush` (run the pending call
 * now) and `isPending`, which lets an input ignore URL updates while the person is still typing.
 */
export function useDebouncedCallback<Args extends unknown[]>(callback: (...args: Args) => void, delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingArgs = useRef<Args | null>(null);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const args = pendingArgs.current;
    pendingArgs.current = null;
    if (args) latest.current(...args);
  }, []);

  const run = useCallback(
    (...args: Args) => {
      pendingArgs.current = args;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  const isPending = useCallback(() => timer.current !== null, []);
  return { run, flush, isPending };
}
