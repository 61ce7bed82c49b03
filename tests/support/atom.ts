import { parseFeed } from "@rowanmanning/feed-parser";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect } from "vitest";

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => ["entry", "link", "author"].includes(name) });

/**
 * An Atom document checked against RFC 4287's musts (well-formed; the feed and each entry with
 * one id, title and updated; an author for the feed or each entry; an entry with a link or
 * content), then read by a feed reader's parser, whose view the test goes on with.
 */
export function readAtom(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  const { feed } = xml.parse(text);
  expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
  for (const node of [feed, ...(feed.entry ?? [])]) {
    expect(String(node.id)).toMatch(/^https?:\/\//);
    expect(node.title).toBeDefined();
    expect(node.updated).toMatch(RFC3339);
  }
  for (const entry of feed.entry ?? []) expect(entry.link?.length ?? (entry.content ? 1 : 0)).toBeGreaterThan(0);
  expect(feed.author ?? feed.entry?.every((entry: { author?: unknown }) => entry.author)).toBeTruthy();
  return parseFeed(text);
}
