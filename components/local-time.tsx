"use client";

import { useSyncExternalStore } from "react";
import { formatInstant, formatPerkDate, SERVER_DATE_FORMAT as SERVER, type PerkInstant } from "@/lib/browse/perk-view";

const subscribe = () => () => {};

/**
 * The server cannot know the visitor's locale and time zone, so it writes the date in UTC; once
 * the page runs in the browser, the same element switches to the visitor's own (no hydration
 * mismatch: the first browser render still matches the server's).
 */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

export function PerkDateText({ instant }: { instant: PerkInstant }) {
  const inBrowser = useInBrowser();
  return <time dateTime={new Date(instant.ms).toISOString()}>{formatPerkDate(instant, inBrowser ? {} : SERVER)}</time>;
}

export function InstantText({ ms }: { ms: number }) {
  const inBrowser = useInBrowser();
  const text = formatInstant(ms, inBrowser ? {} : SERVER);
  return <time dateTime={new Date(ms).toISOString()}>{inBrowser ? text : `${text} UTC`}</time>;
}
