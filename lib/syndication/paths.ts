/*
 * Where the syndicated documents live. The collection's and its perks' sit under its page's
 * path, so a cache or a crawler that knows the page finds them beside it.
 */
const collectionPath = (id: string) => `/collections/${encodeURIComponent(id)}`;

/**
 * PNG: a collection's link preview (app/collections/[id]/opengraph-image.tsx). Named in the page's
 * metadata: the page's own `openGraph` would otherwise replace the one the file convention adds.
 */
export const collectionCardPath = (id: string) => `${collectionPath(id)}/opengraph-image`;
/** Atom: a collection's public changelog. */
export const collectionFeedPath = (id: string) => `${collectionPath(id)}/feed.xml`;
/** iCalendar: a collection's dated perks, to subscribe to. */
export const collectionCalendarPath = (id: string) => `${collectionPath(id)}/calendar.ics`;
/** iCalendar: one dated perk, "Add to calendar". */
export const perkCalendarPath = (id: string, perkId: string) => `${collectionPath(id)}/perks/${encodeURIComponent(perkId)}/calendar.ics`;
/** Atom: new and changed perks of one category. */
export const categoryFeedPath = (category: string) => `/perks/feed.xml?${new URLSearchParams({ category })}`;
