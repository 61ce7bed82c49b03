import type { FieldChange, ObjectChange } from "@/lib/schemas/history";

/** A collection as history keeps it: its partner fields and its perks' in order; null when it does not exist. */
export type StoredState = { data: Record<string, unknown>; perks: { id: string; data: Record<string, unknown> }[] } | null;

/** JSON equality that ignores key order (jsonb keeps its own order, requests theirs). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => key in right && jsonEqual(left[key], right[key]));
}

/** Field by field, top-level: a field absent on one side has no `From` (or `To`); equal fields are left out. */
export function diffFields(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): FieldChange[] {
  const from = before ?? {};
  const to = after ?? {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  const changes: FieldChange[] = [];
  for (const key of keys) {
    const was = from[key];
    const is = to[key];
    if (jsonEqual(was, is)) continue;
    changes.push({ Path: key, ...(was === undefined ? {} : { From: was }), ...(is === undefined ? {} : { To: is }) });
  }
  return changes;
}

const kindOf = (before: unknown, after: unknown): ObjectChange["Kind"] =>
  before === undefined ? "created" : after === undefined ? "deleted" : "updated";

/**
 * What a write did to one collection: the collection's own fields first, then each perk created,
 * updated or deleted, in the order the perks are kept (removed perks where they were).
 */
export function diffStates(collectionId: string, before: StoredState, after: StoredState): ObjectChange[] {
  const changes: ObjectChange[] = [];
  const collectionFields = diffFields(before?.data, after?.data);
  if (collectionFields.length > 0 || !before !== !after) {
    changes.push({
      Object: "collection",
      Id: collectionId,
      Kind: kindOf(before ?? undefined, after ?? undefined),
      Fields: collectionFields,
    });
  }
  const beforePerks = new Map((before?.perks ?? []).map((perk) => [perk.id, perk.data]));
  const afterPerks = new Map((after?.perks ?? []).map((perk) => [perk.id, perk.data]));
  const ids = [...new Set([...(before?.perks ?? []), ...(after?.perks ?? [])].map((perk) => perk.id))];
  for (const id of ids) {
    const was = beforePerks.get(id);
    const is = afterPerks.get(id);
    const fields = diffFields(was, is);
    if (fields.length > 0 || !was !== !is) changes.push({ Object: "perk", Id: id, Kind: kindOf(was, is), Fields: fields });
  }
  return changes;
}

/** The fields an edit would leave unassigned: they hold a value now and would hold none after. */
export const unassignedBy = (changes: ObjectChange[]) =>
  changes
    .filter((change) => change.Kind === "updated")
    .flatMap((change) =>
      change.Fields.filter((field) => field.From !== undefined && field.To === undefined).map((field) => ({
        Object: change.Object,
        Id: change.Id,
        Path: field.Path,
      })),
    );
