/*
 * XML 1.0 allows tab, line feed, carriage return and the characters from U+0020 on, except the
 * surrogates (a lone one cannot be encoded) and U+FFFE/U+FFFF. Stored text may hold the others
 * (the API accepts any JSON string); they are dropped so a document always parses.
 */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text that needs no escaping (the common case of a sitemap's 50,000 URLs). */
const PLAIN = /^[^<>&'"\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]*$/;

export const xmlSafe = (text: string) => text.replace(NOT_XML, "");

/** Text for an XML element or attribute value. */
export function escapeXml(text: string): string {
  if (PLAIN.test(text)) return text;
  return xmlSafe(text).replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** At most `max` characters (code points, so an emoji is never cut in half), with "…" when cut. */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}
