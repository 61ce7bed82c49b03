import type { PerkDoc } from "@/lib/schemas/perk";
import { PerkCard } from "./perk-card";

/** All perks of a collection, Upcoming first, then Past; `whole` names a perk shown whole. */
export function PerkGroups({ upcoming, past, whole }: { upcoming: PerkDoc[]; past: PerkDoc[]; whole?: string }) {
  if (upcoming.length === 0 && past.length === 0) {
    return <p className="text-slate-600 dark:text-slate-400">This collection has not published any perks yet.</p>;
  }
  return (
    <div className="flex flex-col gap-10">
      {[
        { id: "upcoming", title: "Upcoming", list: upcoming },
        { id: "past", title: "Past", list: past },
      ].map(({ id, title, list }) =>
        list.length === 0 ? null : (
          <section key={id} aria-labelledby={`perks-${id}`} className="flex flex-col gap-4">
            <h2 id={`perks-${id}`} className="text-xl font-semibold">
              {title} <span className="text-base font-normal text-slate-600 dark:text-slate-400">({list.length})</span>
            </h2>
            <ul className="grid gap-4">
              {list.map((perk) => (
                <li key={perk.PlatformPerkId} className="flex [&>article]:w-full">
                  <PerkCard perk={perk} whole={perk.PlatformPerkId === whole} />
                </li>
              ))}
            </ul>
          </section>
        ),
      )}
    </div>
  );
}
