import { AsyncLocalStorage } from "node:async_hooks";
import { vi } from "vitest";

/**
 * Runs `fn` as a request would, inside an async-local store of its own, and tells the store every
 * timer set meanwhile was set in (`undefined` when set outside it) and the store `fn`'s caller
 * is in once `fn` has answered.
 */
export async function timersSetInRequest<T>(fn: () => Promise<T>): Promise<{ result: T; storeAfter: unknown; timerStores: unknown[] }> {
  const request = new AsyncLocalStorage<{ id: string }>();
  const timerStores: unknown[] = [];
  const realSetTimeout = globalThis.setTimeout;
  const spy = vi.spyOn(globalThis, "setTimeout").mockImplementation(((...args: Parameters<typeof setTimeout>) => {
    timerStores.push(request.getStore());
    return realSetTimeout(...args);
  }) as typeof setTimeout);
  try {
    return await request.run({ id: "a request" }, async () => {
      const result = await fn();
      return { result, storeAfter: request.getStore(), timerStores };
    });
  } finally {
    spy.mockRestore();
  }
}
