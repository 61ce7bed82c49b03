import type { ReactNode } from "react";
import { safeHref } from "@/lib/browse/links";

type Props = { href: string | null | undefined; children?: ReactNode; className?: string };

/**
 * A link to another site, opened in a new tab without handing it this page (`noopener`) or the
 * visitor's address here (`noreferrer`). Anything but an absolute http(s) URL is shown as text.
 */
export function ExternalLink({ href, children, className = "" }: Props) {
  const safe = safeHref(href);
  if (!safe) return <span className="break-all">{children ?? href}</span>;
  return (
    <a
      href={safe}
      target="_blank"
      rel="noopener noreferrer"
      className={`break-all text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700 dark:text-indigo-300 dark:decoration-indigo-700 dark:hover:decoration-indigo-300 ${className}`}
    >
      {children ?? safe}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
