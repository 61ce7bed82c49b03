import type { ObjectChange } from "@/lib/schemas/history";
import type { StoredState } from "./diff";

/**
 * A change the public may see, and when; never who: a perk added or removed, its date moved, its
 * short description changed (`renamed`, from the old one), or other fields of it changed (their
 * API names, in `fields`).
 */
export type PublicChange =
  | { kind: "added" | "removed"; at: number; perk: string }
  | { kind: "date"; at: number; perk: string; from: unknown; to: unknown }
  | { kind: "renamed"; at: number; perk: string; from: string }
  | { kind: "changed"; at: number; perk: string; fields: string[] };

/** How a public change is stored: `date_from`/`date_to` hold the dates, the old title, or the field names. */
export type PublicChangeRow = { at: number; kind: PublicChange["kind"]; perk: string; from: unknown; to: unknown };

/** How much of a perk's short description the public list keeps (it shows in full on the page). */
export const PUBLIC_TITLE_CHARACTERS = 200;

const cut = (title: unknown) => (typeof title === "string" ? Array.from(title).slice(0, PUBLIC_TITLE_CHARACTERS).join("") : "A perk");

/** One perk's update: its date, its new title, and the rest of its changed fields in one line. */
function updates(at: number, change: ObjectChange, title: unknown): PublicChange[] {
  const list: PublicChange[] = [];
  const date = change.Fields.find((entry) => entry.Path === "Date");
  const renamed = change.Fields.find((entry) => entry.Path === "ShortDescription");
  const others = [...new Set(change.Fields.map((entry) => entry.Path.split(".")[0]!))].filter(
    (path) => path !== "Date" && path !== "ShortDescription",
  );
  if (renamed) list.push({ kind: "renamed", at, perk: cut(title), from: cut(renamed.From) });
  if (date) list.push({ kind: "date", at, perk: cut(title), from: date.From, to: date.To });
  if (others.length > 0) list.push({ kind: "changed", at, perk: cut(title), fields: others });
  return list;
}

/**
 * The public part of one history entry, in the order of its changes: perk additions and removals
 * with the short description they had, and each update of a perk's public fields with the perk's
 * description after the change. Collection fields, and who made the change, stay out. Migration
 * 0015 derived the additions, removals and dates of entries written before.
 */
export function publicChangesOf(at: number, changes: ObjectChange[], state: StoredState): PublicChange[] {
  const list: PublicChange[] = [];
  for (const change of changes) {
    if (change.Object !== "perk") continue;
    const field = (path: string) => change.Fields.find((entry) => entry.Path === path);
    if (change.Kind === "created") list.push({ kind: "added", at, perk: cut(field("ShortDescription")?.To) });
    else if (change.Kind === "deleted") list.push({ kind: "removed", at, perk: cut(field("ShortDescription")?.From) });
    else list.push(...updates(at, change, state?.perks.find((perk) => perk.id === change.Id)?.data.ShortDescription));
  }
  return list;
}

/** A public change as its row stores it. */
export function publicChangeRow(change: PublicChange): PublicChangeRow {
  const { at, kind, perk } = change;
  if (change.kind === "date") return { at, kind, perk, from: change.from ?? null, to: change.to ?? null };
  if (change.kind === "renamed") return { at, kind, perk, from: change.from, to: null };
  if (change.kind === "changed") return { at, kind, perk, from: change.fields, to: null };
  return { at, kind, perk, from: null, to: null };
}

/** A stored row as the public change it records. */
export function publicChangeOfRow({ at, kind, perk, from, to }: PublicChangeRow): PublicChange {
  if (kind === "date") return { kind, at, perk, from: from ?? undefined, to: to ?? undefined };
  if (kind === "renamed") return { kind, at, perk, from: typeof from === "string" ? from : "A perk" };
  if (kind === "changed") return { kind, at, perk, fields: Array.isArray(from) ? from.map(String) : [] };
  return { kind, at, perk };
}
