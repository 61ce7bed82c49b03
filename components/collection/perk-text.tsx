"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Alert } from "@/components/ui/alert";
import { useHydrated } from "@/components/use-hydrated";
import { publicPerkOptions } from "@/lib/browse/client/queries";
import type { PerkDoc } from "@/lib/schemas/perk";

type Preview = { text: string; cut: boolean };
type Texts = Pick<PerkDoc, "ShortDescription" | "LongDescription">;

const CONTROL =
  "self-start rounded-sm text-sm font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 aria-disabled:cursor-wait dark:text-indigo-300 dark:hover:text-indigo-200";

/**
 * A perk's description as its card shows it: the start of it, and when the card cut its title or
 * description, "Show more" to read them whole (docs/decisions/060). In the browser the button
 * reads this one perk from `/api/collections/{id}/perks/{perkId}`; without JavaScript it is a link
 * to the page with this perk whole (`?perk=`), which passes its texts as `whole`.
 */
export function PerkText({
  collectionId,
  perkId,
  title,
  description,
  whole,
}: {
  collectionId: string;
  perkId: string;
  title: Preview;
  description: Preview | null;
  whole: Texts | null;
}) {
  const hydrated = useHydrated();
  const regionId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(whole !== null);
  const perk = useQuery({ ...publicPerkOptions(collectionId, perkId), enabled: false });
  const full = whole ?? perk.data ?? null;
  const shown = open && full !== null;
  const cut = title.cut || description?.cut === true;
  if (!cut && !description) return null;

  async function toggle() {
    if (perk.isFetching) return;
    if (shown) {
      // The text above the button shrinks: keep the button, which has the focus, in view.
      flushSync(() => setOpen(false));
      button.current?.scrollIntoView({ block: "nearest" });
      return;
    }
    if (full || (await perk.refetch()).data) setOpen(true);
  }

  const label = perk.isFetching ? "Loading…" : shown ? "Show less" : "Show more";
  // 90 controls named "Show more" tell a screen reader's list of them nothing: each names its perk.
  const name = `${label}: ${title.text}`;
  const page = `/collections/${encodeURIComponent(collectionId)}`;
  const anchor = `#perk-${encodeURIComponent(perkId)}`;
  return (
    <div className="flex flex-col gap-2">
      <div id={regionId} className="flex flex-col gap-2 text-slate-700 empty:hidden dark:text-slate-300">
        {shown ? (
          <>
            {title.cut ? <p className="font-semibold whitespace-pre-line break-words">{full.ShortDescription}</p> : null}
            {full.LongDescription ? <p className="whitespace-pre-line break-words">{full.LongDescription}</p> : null}
          </>
        ) : description ? (
          <p className="whitespace-pre-line break-words">
            {description.text}
            {description.cut ? "…" : null}
          </p>
        ) : null}
      </div>
      {!cut ? null : hydrated ? (
        <button
          ref={button}
          type="button"
          className={CONTROL}
          aria-expanded={shown}
          aria-controls={regionId}
          aria-label={name}
          aria-disabled={perk.isFetching || undefined}
          onClick={() => void toggle()}
        >
          {label}
        </button>
      ) : (
        <a className={CONTROL} aria-label={name} href={shown ? `${page}${anchor}` : `${page}?perk=${encodeURIComponent(perkId)}${anchor}`}>
          {label}
        </a>
      )}
      {perk.error && !shown ? <Alert look="inline">The full text could not be loaded. Try again.</Alert> : null}
    </div>
  );
}
