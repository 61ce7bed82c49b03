import "server-only";
import { headers } from "next/headers";
import { knowsSnapshot, readFresh, takeSnapshot } from "@/lib/db/read-cache";
import { collectingAppearances } from "@/lib/insights/counter";
import { noteRequestHeaders } from "@/lib/observability/request-facts";

/**
 * `read()`'s value, for a search page that reads all its data through it: the production server
 * may answer the page's URL again from the copy it keeps until the search answers it used would be
 * computed anew, or while they are found unchanged (no search write committed that the snapshot
 * they are exact for did not see, no clock edge passed), so a kept page is never older than its
 * searches may be (docs/decisions/094 and 099). Each view of the copy counts the search
 * appearances the render counted.
 */
export async function readForSearchPage<T>(read: () => Promise<T>): Promise<T> {
  // Answers are exact for the last snapshot the process received: a process that has received
  // none yet (only search pages asked for since it started) takes one first.
  if (!knowsSnapshot()) await takeSnapshot();
  const {
    value: { value, freshUntil, exactAt, since },
    appearances,
  } = await collectingAppearances(() => readFresh(read));
  noteRequestHeaders(await headers(), { freshUntil, exactAt, since, appearances });
  return value;
}

/**
 * For a page kept by the stamp of its rows (a collection's, docs/decisions/098): the moment what it
 * takes from the clock changes (its first perk turning Past), after which the server renders it again.
 */
export async function noteShownUntil(at: number | null): Promise<void> {
  if (at !== null) noteRequestHeaders(await headers(), { freshUntil: at });
}
