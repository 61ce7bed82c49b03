import type { ReactNode } from "react";
import { cn } from "./cn";

const STATE = "shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset";

const TONES = {
  /** A state: released, live. */
  success: `${STATE} bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30`,
  warning: `${STATE} bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30`,
  neutral: `${STATE} bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300`,
  /** A key's "Active": the success colours with the light ring kept in the dark scheme too. */
  "success-table": `${STATE} bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300`,
  /** A label (category, kind) rather than a state: no ring, regular weight. */
  tag: "rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300",
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
