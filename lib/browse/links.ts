/**
 * The URL itself when it is an absolute http(s) link, otherwise null: stored data is validated
 * on the way in, but a page must never turn a `javascript:` or relative value into a live link.
 */
export function safeHref(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The link's host for display ("opensea.io"), or the text itself when it is no URL. */
export function displayHost(value: string): string {
  try {
    return new URL(value).host.replace(/^www\./, "");
  } catch {
    return value;
  }
}

const PATH_SHOWN = 24;

/**
 * A URL as a person reads it: the host without `www.` and the start of the path, cut at a `/`,
 * `-` or `_` where one is near (`example.com/very-long-path…`). The link keeps the full URL as
 * its href, so nothing is lost; anything that is no URL is returned as it is.
 */
export function linkText(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  const host = url.host.replace(/^www\./, "");
  let path = url.pathname.replace(/\/+$/, "");
  try {
    path = decodeURI(path);
  } catch {
    // Malformed escapes: show them as they are.
  }
  const more = Boolean(url.search || url.hash);
  if (path.length <= PATH_SHOWN) return `${host}${path}${more ? (path ? "…" : "/…") : ""}`;
  const head = path.slice(0, PATH_SHOWN);
  const cut = Math.max(head.lastIndexOf("/"), head.lastIndexOf("-"), head.lastIndexOf("_"));
  return `${host}${cut >= PATH_SHOWN / 2 ? head.slice(0, cut) : head}…`;
}

/** A long identifier (a contract address) as its first six and last four characters: `0x1234…abcd`. */
export function shortIdentifier(value: string): string {
  const trimmed = value.trim();
  return trimmed.length <= 16 ? trimmed : `${trimmed.slice(0, 6)}…${trimmed.slice(-4)}`;
}

/** Up to two initials of a title, for the picture that stands in for a missing image. */
export function initials(title: string): string {
  const words = title.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");
}

/** A stable hue per title, so each collection's stand-in picture keeps its colour. */
export function hueOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}
