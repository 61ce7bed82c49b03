/**
 * What the server renders for a card's texts and "Show more", and what the list's one client part
 * (`PerkListControls`) reads and writes in it (docs/decisions/068). Plain values, shared by both.
 */
export const TEXT_REGION = "flex flex-col gap-2 text-slate-700 empty:hidden dark:text-slate-300";
export const WHOLE_TITLE = "font-semibold whitespace-pre-line break-words";
export const PARAGRAPH = "whitespace-pre-line break-words";
export const SHOW_MORE_CONTROL =
  "self-start rounded-sm text-sm font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 aria-disabled:cursor-wait dark:text-indigo-300 dark:hover:text-indigo-200";
export const INLINE_ALERT = "text-sm text-red-800 dark:text-red-300";

/** The id of the element holding a card's text, which its "Show more" controls. */
export const textRegionId = (perkId: string) => `perk-text-${perkId}`;

export const SHOW_LABELS = { more: "Show more", less: "Show less", reading: "Loading…" } as const;

/** 90 controls named "Show more" tell a screen reader's list of them nothing: each names its perk. */
export const showLabel = (label: string, name: string) => `${label}: ${name}`;
