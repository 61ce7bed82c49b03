import type { ReactNode } from "react";
import { linkText, safeHref } from "@/lib/browse/links";

type Props = {
  href: string | null | undefined;
  children?: ReactNode;
  className?: string;
  /** A path of this site the link goes through instead (the insights' counting redirect); `href` is still what it shows. */
  via?: string;
};

/**
 * A link to another site, opened in a new tab without handing it this page (`noopener`) or the
 * visitor's address here (`noreferrer`). Anything but an absolute http(s) URL is shown as text.
 * Without children the link reads as the URL's host and the start of its path, the full URL in
 * its title.
 */
export function ExternalLink({ href, children, className = "", via }: Props) {
  const safe = safeHref(href);
  // A bare URL is shown as its host and a short path (the href keeps all of it), so it wraps like
  // words do; only a single part too long for the line is broken, as a last resort.
  if (!safe) return <span className="break-words">{children ?? href}</span>;
  return (
    <a
      href={via ?? safe}
      title={children ? undefined : safe}
      target="_blank"
      rel="noopener noreferrer"
      className={className ? `ui-external-link ${className}` : "ui-external-link"}
    >
      {children ?? linkText(safe)}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
