import type { Database, ExactReader, SearchReader } from "./types";

/**
 * Never run: the read roles are held by the compiler. `npm run typecheck` fails if a line below an
 * `@ts-expect-error` ever compiles, or if a line without one stops compiling.
 */
export function readRolesHold(database: Database, exact: ExactReader, search: SearchReader): unknown[] {
  // @ts-expect-error a shared read connection never opens a transaction
  void exact.transaction;
  // @ts-expect-error nor does the search reader
  void search.transaction;
  // @ts-expect-error an answer that may lag is no exact read
  const notExact: ExactReader = search;
  const exactForSearch: SearchReader = exact;
  const primaryForSearch: SearchReader = database;
  return [notExact, exactForSearch, primaryForSearch];
}
