import "server-only";
import { headers } from "next/headers";
import { readFresh } from "@/lib/db/read-cache";
import { noteRequestHeaders } from "@/lib/observability/request-facts";

/**
 * `read()`'s value, for a search page that reads all its data through it: the production server
 * may answer the page's URL again from the copy it keeps until the search answers it used would be
 * computed anew, or while no write has committed since the snapshot they are all exact for, so a
 * kept page is never older than its searches may be (docs/decisions/094 and 097).
 */
export async function readForSearchPage<T>(read: () => Promise<T>): Promise<T> {
  const { value, freshUntil, exactAt } = await readFresh(read);
  noteRequestHeaders(await headers(), { freshUntil, exactAt });
  return value;
}

/**
 * For a page kept by the stamp of its rows (a collection's, docs/decisions/098): the moment what it
 * takes from the clock changes (its first perk turning Past), after which the server renders it again.
 */
export async function noteShownUntil(at: number | null): Promise<void> {
  if (at !== null) noteRequestHeaders(await headers(), { freshUntil: at });
}
