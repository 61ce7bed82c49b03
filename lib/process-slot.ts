/**
 * Values that must exist once per process: a database handle, a worker, a cache. `next dev`
 * re-evaluates modules on every edit and the production server loads several bundles, each with
 * its own copy of a module, so a module-level variable would open a second pool, a second PGlite
 * on the same folder (which corrupts it) or a second worker. Kept on globalThis under one key.
 */
export type ProcessSlot<T> = { value: T | undefined };

const KEY = Symbol.for("uds.process-slots");

function slots(): Map<string, ProcessSlot<unknown>> {
  const holder = globalThis as { [KEY]?: Map<string, ProcessSlot<unknown>> };
  return (holder[KEY] ??= new Map());
}

/** The process's slot named `name`: read and replace `value` (undefined until set). */
export function processSlot<T>(name: string): ProcessSlot<T> {
  const all = slots();
  let slot = all.get(name);
  if (!slot) all.set(name, (slot = { value: undefined }));
  return slot as ProcessSlot<T>;
}

/** The process's one value named `name`, made by `create` on first use. */
export function processSingleton<T>(name: string, create: () => T): T {
  const slot = processSlot<T>(name);
  return (slot.value ??= create());
}
