import { coordinatesOf, perkInstant, type PerkInstant } from "@/lib/browse/perk-view";
import type { PerkDoc } from "@/lib/schemas/perk";

/** A perk with a date, and that date as an instant. */
export type DatedPerk = { perk: PerkDoc; instant: PerkInstant };

/** The perks with a date, soonest first (the order a calendar and a list of events read in). */
export function datedPerks(perks: PerkDoc[]): DatedPerk[] {
  return perks
    .flatMap((perk) => {
      const instant = perkInstant(perk.Date);
      return instant ? [{ perk, instant }] : [];
    })
    .sort((a, b) => a.instant.ms - b.instant.ms);
}

/** A date without a time is a calendar day, stored at its UTC midnight: "2036-01-01". */
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** What a perk asks of a holder, in words: every output describes the requirement the same way. */
export function holderRequirement(perk: Pick<PerkDoc, "TokensRequired" | "OneTime">, collectionTitle: string): string {
  const tokens = Math.max(perk.TokensRequired ?? 1, 1);
  const held = `${tokens.toLocaleString("en-US")} ${tokens === 1 ? "token" : "tokens"}`;
  return `For holders of at least ${held} of ${collectionTitle}${perk.OneTime ? ", once per holder" : ""}.`;
}

/** Where a perk takes place, when it says: its address and coordinates, either possibly absent. */
export function placeOf(perk: PerkDoc): { address?: string; point: { lat: number; lon: number } | null } | null {
  const point = coordinatesOf(perk.Location);
  const address = perk.Location?.address?.trim() || undefined;
  return point || address ? { address, point } : null;
}
