"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { Alert } from "@/components/ui/alert";
import { useHydrated } from "@/components/use-hydrated";
import { publicPerkOptions } from "@/lib/browse/client/queries";
import { collectionPageHref } from "@/lib/perks/page-url";
import type { PerkDoc } from "@/lib/schemas/perk";

type Texts = Pick<PerkDoc, "ShortDescription" | "LongDescription">;

const CONTROL =
  "self-start rounded-sm text-sm font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 aria-disabled:cursor-wait dark:text-indigo-300 dark:hover:text-indigo-200";

/**
 * "Show more" on a card that cut its perk's title or description (docs/decisions/060): the
 * server-rendered preview (`children`) until asked, then the perk's whole texts, read from
 * `/api/collections/{id}/perks/{perkId}` on the first press. It is the card's only client part and
 * takes no text but the perk's short `name` (docs/decisions/068). Without JavaScript it is a link
 * to the page with this perk whole (which passes its texts as `whole`), and back; `all` when the
 * page renders every perk, which both links keep.
 */
export function ShowMore({
  collectionId,
  perkId,
  name,
  titleCut,
  whole,
  all,
  children,
}: {
  collectionId: string;
  perkId: string;
  name: string;
  titleCut: boolean;
  whole: Texts | null;
  all: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const regionId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const [full, setFull] = useState(whole);
  const [open, setOpen] = useState(whole !== null);
  const [read, setRead] = useState<"idle" | "reading" | "failed">("idle");
  const shown = open && full !== null;

  async function toggle() {
    if (read === "reading") return;
    if (shown) {
      // The text above the button shrinks: keep the button, which has the focus, in view.
      flushSync(() => setOpen(false));
      button.current?.scrollIntoView({ block: "nearest" });
      return;
    }
    if (full) return setOpen(true);
    setRead("reading");
    try {
      setFull(await queryClient.fetchQuery(publicPerkOptions(collectionId, perkId)));
      setOpen(true);
      setRead("idle");
    } catch {
      setRead("failed");
    }
  }

  const label = read === "reading" ? "Loading…" : shown ? "Show less" : "Show more";
  // 90 controls named "Show more" tell a screen reader's list of them nothing: each names its perk.
  const accessibleName = `${label}: ${name}`;
  return (
    <div className="flex flex-col gap-2">
      <div id={regionId} className="flex flex-col gap-2 text-slate-700 empty:hidden dark:text-slate-300">
        {shown ? (
          <>
            {titleCut ? <p className="font-semibold whitespace-pre-line break-words">{full.ShortDescription}</p> : null}
            {full.LongDescription ? <p className="whitespace-pre-line break-words">{full.LongDescription}</p> : null}
          </>
        ) : (
          children
        )}
      </div>
      {hydrated ? (
        <button
          ref={button}
          type="button"
          className={CONTROL}
          aria-expanded={shown}
          aria-controls={regionId}
          aria-label={accessibleName}
          aria-disabled={read === "reading" || undefined}
          onClick={() => void toggle()}
        >
          {label}
        </button>
      ) : (
        <a
          className={CONTROL}
          aria-label={accessibleName}
          href={collectionPageHref(collectionId, { all, perk: shown ? undefined : perkId, anchor: perkId })}
        >
          {label}
        </a>
      )}
      {read === "failed" && !shown ? <Alert look="inline">The full text could not be loaded. Try again.</Alert> : null}
    </div>
  );
}
