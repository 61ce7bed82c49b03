import type { ObjectChange } from "@/lib/schemas/history";
import type { StoredState } from "./diff";

/** A change the public may see: a perk added or removed, or a perk's date moved, and when. Never who. */
export type PublicChange =
  { kind: "added" | "removed"; at: number; perk: string } | { kind: "date"; at: number; perk: string; from: unknown; to: unknown };

/** How much of a perk's short description the public list keeps (it shows in full on the page). */
export const PUBLIC_TITLE_CHARACTERS = 200;

const cut = (title: unknown) => (typeof title === "string" ? Array.from(title).slice(0, PUBLIC_TITLE_CHARACTERS).join("") : "A perk");

/**
 * The public part of one history entry, in the order of its changes: perk additions and removals
 * with the short description they had, and date changes with the perk's description after the
 * change. Other fields, and who made the change, stay out. Migration 0015 derives the same rows
 * for entries written before.
 */
export function publicChangesOf(at: number, changes: ObjectChange[], state: StoredState): PublicChange[] {
  const list: PublicChange[] = [];
  for (const change of changes) {
    if (change.Object !== "perk") continue;
    const field = (path: string) => change.Fields.find((entry) => entry.Path === path);
    if (change.Kind === "created") list.push({ kind: "added", at, perk: cut(field("ShortDescription")?.To) });
    else if (change.Kind === "deleted") list.push({ kind: "removed", at, perk: cut(field("ShortDescription")?.From) });
    else {
      const date = field("Date");
      const title = state?.perks.find((perk) => perk.id === change.Id)?.data.ShortDescription;
      if (date) list.push({ kind: "date", at, perk: cut(title), from: date.From, to: date.To });
    }
  }
  return list;
}
