"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { publicPerkOptions } from "@/lib/browse/client/queries";
import { formatPerkDate } from "@/lib/browse/perk-view";
import { INLINE_ALERT, PARAGRAPH, SHOW_LABELS, WHOLE_TITLE, showLabel, textRegionId } from "./perk-text-look";

/** What a "Show more" keeps while the page runs: its perk's name and the text not shown now. */
type Control = { name: string; other: Node[] | null; reading: boolean; alert: HTMLElement | null };

const paragraph = (className: string, text: string) => {
  const element = document.createElement("p");
  element.className = className;
  element.textContent = text; // text, never HTML
  return element;
};

/**
 * The one client part of a collection's perk list (docs/decisions/068): the cards are rendered
 * on the server, each date in UTC and each "Show more" as a link. Once the page runs, this writes
 * every date in the visitor's locale and time zone and makes every "Show more" a button
 * (`aria-expanded`, `aria-controls`) that reads its perk from `/api/collections/{id}/perks/{perkId}`
 * on the first press and shows it in place; clicks and keys reach it by delegation. One island
 * for the list instead of two a card is what keeps the first cards cheap to serve.
 */
export function PerkListControls({ collectionId, className, children }: { collectionId: string; className: string; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const controls = useRef(new Map<HTMLElement, Control>());
  const queryClient = useQueryClient();

  // After every render: a new payload for the same list (a refresh) brings cards and dates anew.
  useEffect(() => {
    const list = root.current;
    if (!list) return;
    for (const time of list.querySelectorAll<HTMLTimeElement>("time[data-perk-date]")) {
      const instant = { ms: Date.parse(time.dateTime), timeSet: time.dataset.perkDate === "time" };
      time.textContent = formatPerkDate(instant, {});
    }
    for (const link of list.querySelectorAll<HTMLAnchorElement>("a[data-show-more]")) {
      if (controls.current.has(link)) continue;
      const open = link.dataset.open !== undefined;
      // The server named it "<label>: <perk's name>"; the label changes, the name does not.
      const name = (link.getAttribute("aria-label") ?? "").slice((link.textContent ?? "").length + 2);
      const preview = open ? link.parentElement?.querySelector<HTMLElement>("[data-preview]") : null;
      const other = open ? (preview ? [...preview.childNodes] : []) : null;
      controls.current.set(link, { name, other, reading: false, alert: null });
      link.setAttribute("role", "button");
      link.setAttribute("aria-controls", textRegionId(link.dataset.showMore ?? ""));
      link.setAttribute("aria-expanded", String(open));
    }
  });

  function label(link: HTMLElement, control: Control, text: string) {
    link.textContent = text;
    link.setAttribute("aria-label", showLabel(text, control.name));
  }

  /** Puts the text not shown in the card's region, and keeps the one shown for the next press. */
  function swap(link: HTMLElement, control: Control, other: Node[]) {
    const region = document.getElementById(textRegionId(link.dataset.showMore ?? ""));
    if (!region) return;
    control.other = [...region.childNodes];
    region.replaceChildren(...other);
    const open = link.getAttribute("aria-expanded") !== "true";
    link.setAttribute("aria-expanded", String(open));
    label(link, control, open ? SHOW_LABELS.less : SHOW_LABELS.more);
    // The text above the button shrinks on "Show less": keep the button, which has the focus, in view.
    if (!open) link.scrollIntoView({ block: "nearest" });
  }

  async function toggle(link: HTMLElement) {
    const control = controls.current.get(link);
    const perkId = link.dataset.showMore;
    if (!control || !perkId || control.reading) return;
    if (control.other) return swap(link, control, control.other);
    control.reading = true;
    link.setAttribute("aria-disabled", "true");
    label(link, control, SHOW_LABELS.reading);
    try {
      const perk = await queryClient.fetchQuery(publicPerkOptions(collectionId, perkId));
      control.alert?.remove();
      control.alert = null;
      const whole = [
        ...(link.dataset.titleCut !== undefined ? [paragraph(WHOLE_TITLE, perk.ShortDescription)] : []),
        ...(perk.LongDescription ? [paragraph(PARAGRAPH, perk.LongDescription)] : []),
      ];
      swap(link, control, whole);
    } catch {
      label(link, control, SHOW_LABELS.more);
      if (!control.alert) {
        control.alert = document.createElement("div");
        control.alert.setAttribute("role", "alert");
        control.alert.className = INLINE_ALERT;
        control.alert.textContent = "The full text could not be loaded. Try again.";
        link.after(control.alert);
      }
    } finally {
      control.reading = false;
      link.removeAttribute("aria-disabled");
    }
  }

  function controlOf(event: MouseEvent | KeyboardEvent): HTMLElement | null {
    const link = (event.target as Element).closest<HTMLElement>("[data-show-more]");
    return link && controls.current.has(link) ? link : null;
  }

  return (
    <div
      ref={root}
      className={className}
      onClick={(event) => {
        const link = controlOf(event);
        // A click with a modifier still opens the link (a new tab with the perk whole).
        if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void toggle(link);
      }}
      onKeyDown={(event) => {
        // Enter follows the link's click; Space is what presses a button.
        if (event.key !== " " || event.repeat) return;
        const link = controlOf(event);
        if (!link) return;
        event.preventDefault();
        void toggle(link);
      }}
    >
      {children}
    </div>
  );
}
