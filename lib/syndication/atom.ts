import { Feed } from "feed";
import { formatPerkDate, perkInstant, SERVER_DATE_FORMAT } from "@/lib/browse/perk-view";
import { collectionPageHref, perkAnchorHref, perksHref } from "@/lib/perks/page-url";
import type { CollectionDoc } from "@/lib/schemas/collection";
import { perkPastFrom } from "@/lib/schemas/perk-lifecycle";
import { fieldLabel } from "@/lib/history/field-labels";
import type { PerkDate, PerkDoc } from "@/lib/schemas/perk";
import type { CategoryFeedPerk, FeedChange } from "./feed-store";
import { SITE_NAME } from "./site";
import { categoryFeedPath, collectionFeedPath } from "./paths";
import { absoluteUrl } from "./site-url";
import { shorten, xmlSafe } from "./xml-text";

const TITLE_CHARS = 200;
const SUMMARY_CHARS = 1_000;

/*
 * The feed library writes entry titles and summaries as `type="html"`: text goes in escaped, so
 * markup a partner wrote is shown as the characters it is, and `]]>` can never end the CDATA
 * section it is written in.
 */
const html = (text: string, max: number) => shorten(xmlSafe(text), max).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

type Entry = { id: string; title: string; summary?: string; link: string; at: number };

function atomOf(feed: { id: string; title: string; link: string; self: string; subtitle: string }, entries: Entry[]): string {
  const sorted = [...entries].sort((a, b) => b.at - a.at);
  const atom = new Feed({
    id: feed.id,
    title: xmlSafe(feed.title),
    link: feed.link,
    feedLinks: { atom: feed.self },
    description: xmlSafe(feed.subtitle),
    // RFC 4287 asks for an author of the feed or of every entry.
    author: { name: SITE_NAME },
    updated: new Date(sorted[0]?.at ?? 0),
    generator: false,
  });
  for (const entry of sorted) {
    atom.addItem({
      id: entry.id,
      title: html(entry.title, TITLE_CHARS),
      link: entry.link,
      date: new Date(entry.at),
      ...(entry.summary ? { description: html(entry.summary, SUMMARY_CHARS) } : {}),
    });
  }
  return atom.atom1();
}

const dateText = (date: unknown) => {
  const instant = perkInstant(date as PerkDate | undefined);
  return instant ? formatPerkDate(instant, SERVER_DATE_FORMAT) : "no date";
};

function changeEntry({ id: rowId, change }: FeedChange, pageUrl: string): Entry {
  const entry = { id: `${pageUrl}#change-${rowId}`, link: pageUrl, at: change.at };
  switch (change.kind) {
    case "renamed":
      return { ...entry, title: `Perk renamed: “${change.from}” is now “${change.perk}”` };
    case "changed":
      return {
        ...entry,
        title: `Perk changed: ${change.perk}`,
        summary: `Changed: ${change.fields.map((path) => fieldLabel(path).toLowerCase()).join(", ")}.`,
      };
    case "date":
      return { ...entry, title: `New date for ${change.perk}`, summary: `From ${dateText(change.from)} to ${dateText(change.to)}.` };
    default:
      return { ...entry, title: `Perk ${change.kind}: ${change.perk}` };
  }
}

/**
 * A collection's public changelog: perks added, removed and moved (its history's public part),
 * and perks whose date has passed, at the moment they passed. The newest `limit` of them.
 */
export function collectionAtom(
  nft: CollectionDoc,
  changes: FeedChange[],
  perks: PerkDoc[],
  origin: string,
  now: number,
  limit: number,
): string {
  const pageUrl = absoluteUrl(origin, collectionPageHref(nft.PlatformNFTId));
  const passed = perks.flatMap((perk): Entry[] => {
    const at = perkPastFrom(perk.Date);
    if (at === null || at > now) return [];
    const link = absoluteUrl(origin, perkAnchorHref(nft.PlatformNFTId, perk.PlatformPerkId));
    return [{ id: `${link.split("#")[0]}#passed-${at}`, title: `Perk passed: ${perk.ShortDescription}`, link, at }];
  });
  const entries = [...changes.map((change) => changeEntry(change, pageUrl)), ...passed].sort((a, b) => b.at - a.at).slice(0, limit);
  return atomOf(
    {
      id: pageUrl,
      title: `${shorten(nft.Title, TITLE_CHARS)}: what changed`,
      link: pageUrl,
      self: absoluteUrl(origin, collectionFeedPath(nft.PlatformNFTId)),
      subtitle: `Perks added to, removed from, moved or passed in ${shorten(nft.Title, TITLE_CHARS)}.`,
    },
    entries,
  );
}

/** New and changed perks of one category, each dated by its collection's last change. */
export function categoryAtom(category: string, rows: CategoryFeedPerk[], origin: string): string {
  const entries = rows.map((row): Entry => {
    const link = absoluteUrl(origin, perkAnchorHref(row.collectionId, row.perkId));
    return {
      // One entry per perk and change: a perk edited again is a new entry.
      id: `${link.split("#")[0]}#changed-${row.changedAt}`,
      title: `${row.perk.ShortDescription} (${row.collectionTitle})`,
      ...(row.perk.LongDescription ? { summary: row.perk.LongDescription } : {}),
      link,
      at: row.changedAt,
    };
  });
  return atomOf(
    {
      id: absoluteUrl(origin, categoryFeedPath(category)),
      title: `${category} perks: new and changed`,
      link: absoluteUrl(origin, perksHref({ category })),
      self: absoluteUrl(origin, categoryFeedPath(category)),
      subtitle: `Perks of the ${category} category, newest first.`,
    },
    entries,
  );
}
