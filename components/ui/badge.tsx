import type { ReactNode } from "react";
import { cn } from "./cn";

// The looks are classes of globals.css (`ui-badge…`, `ui-tag`): badges are repeated on every card.
const STATE = "ui-badge";

const TONES = {
  /** A state: released, live. */
  success: `${STATE} ui-badge-success`,
  warning: `${STATE} ui-badge-warning`,
  neutral: `${STATE} ui-badge-neutral`,
  /** A key's "Active": the success colours with the light ring kept in the dark scheme too. */
  "success-table": `${STATE} ui-badge-success dark:ring-emerald-600/20`,
  /** A label (category, kind) rather than a state: no ring, regular weight. */
  tag: "ui-tag",
} as const;

export type BadgeTone = keyof typeof TONES;

/** The classes of a badge, for an element that must keep its own tag (a list item). */
export const badgeClass = (tone: BadgeTone) => TONES[tone];

export function Badge({ tone, className, children }: { tone: BadgeTone; className?: string; children: ReactNode }) {
  return <span className={cn(TONES[tone], className)}>{children}</span>;
}

const RELEASE_TONES: Record<string, BadgeTone> = { Available: "success", Upcoming: "warning" };

/** A collection's release status as a small badge; nothing when it has none. */
export function ReleaseBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return <Badge tone={RELEASE_TONES[status] ?? "neutral"}>{status}</Badge>;
}

/**
 * A collection verified by its contract's `owner()`: the signer's address on hover and in the
 * accessible name, so "Verified" is never a claim without its source.
 */
export function VerifiedBadge({ by }: { by: string }) {
  return (
    <span className={TONES.success} title={`Verified by the contract's owner, ${by}`}>
      <span aria-hidden="true">✓ </span>Verified<span className="sr-only"> by the contract&apos;s owner, {by}</span>
    </span>
  );
}
