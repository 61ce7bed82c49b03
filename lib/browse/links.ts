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
