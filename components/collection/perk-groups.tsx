import { FIRST_PERKS, type ShownPerks } from "@/lib/browse/first-perks";
import { collectionPageHref } from "@/lib/perks/page-url";
import type { PerkDoc } from "@/lib/schemas/perk";
import { PerkAnchorBeyond } from "./perk-anchor-beyond";
import { PerkCard } from "./perk-card";
import { PerkListControls } from "./perk-list-controls";

/**
 * A collection's perks, Upcoming first, then Past: the ones `shownPerks` chose, and "Show all"
 * when it left some out; `whole` names a perk shown whole.
 */
export function PerkGroups({ collectionId, shown, whole }: { collectionId: string; shown: ShownPerks<PerkDoc>; whole?: string }) {
  const total = shown.counts.upcoming + shown.counts.past;
  if (total === 0) return <p className="text-slate-600 dark:text-slate-400">This collection has not published any perks yet.</p>;
  // Every perk of a collection longer than the first perks is rendered: links from its cards keep it so.
  const all = shown.hidden === 0 && total > FIRST_PERKS;
  return (
    // Keyed by what the page was asked for, so another view of the list starts its controls anew.
    <PerkListControls key={`${whole ?? ""}:${all}`} collectionId={collectionId} className="flex flex-col gap-10">
      {[
        { id: "upcoming", title: "Upcoming", list: shown.upcoming, count: shown.counts.upcoming },
        { id: "past", title: "Past", list: shown.past, count: shown.counts.past },
      ].map(({ id, title, list, count }) =>
        list.length === 0 ? null : (
          <section key={id} aria-labelledby={`perks-${id}`} className="flex flex-col gap-4">
            <h2 id={`perks-${id}`} className="text-xl font-semibold">
              {title} <span className="text-base font-normal text-slate-600 dark:text-slate-400">({count})</span>
            </h2>
            <ul className="grid gap-4">
              {list.map((perk) => (
                <li key={perk.PlatformPerkId} className="flex [&>article]:w-full">
                  <PerkCard perk={perk} whole={perk.PlatformPerkId === whole} all={all} />
                </li>
              ))}
            </ul>
          </section>
        ),
      )}
      {shown.firstHidden ? (
        <p className="text-slate-600 dark:text-slate-400">
          {`Showing ${total - shown.hidden} of ${total} perks. `}
          {/* A plain link: it works without JavaScript, and continues at the first perk it adds. */}
          <a
            href={collectionPageHref(collectionId, { all: true, anchor: shown.firstHidden.PlatformPerkId })}
            className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
          >
            Show all {total} perks
          </a>
          <PerkAnchorBeyond allHref={collectionPageHref(collectionId, { all: true })} />
        </p>
      ) : null}
    </PerkListControls>
  );
}
