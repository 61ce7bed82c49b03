/**
 * How many perks the collection page renders before "Show all": a view's cost follows the cards
 * it renders, so a collection of 90 perks is not 90 cards on every anonymous view (docs/decisions/068).
 */
export const FIRST_PERKS = 12;

type Groups<P> = { upcoming: P[]; past: P[] };

/** The perks the page renders, its groups' whole sizes, and the first perk left out (where "Show all" continues). */
export type ShownPerks<P> = Groups<P> & { counts: { upcoming: number; past: number }; hidden: number; firstHidden: P | null };

/**
 * The first `FIRST_PERKS` perks, Upcoming then Past, or all of them when `all` is asked for or
 * `perk` names one past the first (a link to that perk must find it on the page).
 */
export function shownPerks<P extends { PlatformPerkId: string }>(
  groups: Groups<P>,
  { all, perk }: { all: boolean; perk?: string },
): ShownPerks<P> {
  const counts = { upcoming: groups.upcoming.length, past: groups.past.length };
  const ordered = [...groups.upcoming, ...groups.past];
  const target = perk === undefined ? -1 : ordered.findIndex((entry) => entry.PlatformPerkId === perk);
  if (all || target >= FIRST_PERKS || ordered.length <= FIRST_PERKS) return { ...groups, counts, hidden: 0, firstHidden: null };
  return {
    upcoming: groups.upcoming.slice(0, FIRST_PERKS),
    past: groups.past.slice(0, Math.max(0, FIRST_PERKS - groups.upcoming.length)),
    counts,
    hidden: ordered.length - FIRST_PERKS,
    firstHidden: ordered[FIRST_PERKS]!,
  };
}
