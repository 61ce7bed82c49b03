import { stringify } from "csv-stringify/sync";
import type { CollectionFields } from "@/lib/schemas/collection";
import type { CreateRequestInput } from "@/lib/schemas/create-request";
import { LIMITS } from "@/lib/schemas/limits";
import type { PerkFields } from "@/lib/schemas/perk";
import { COLLECTION_COLUMNS, CSV_COLUMNS, PERK_COLUMNS, toCell } from "@/lib/schemas/csv-cells";

/** A stored collection as export reads it: its partner fields, Version and perks in order. */
export type ExportedCollection = {
  id: string;
  version: number;
  data: CollectionFields;
  perks: { id: string; data: PerkFields }[];
};

/**
 * The create requests that would write each collection as it is now: edits (ids and Version), so
 * importing the file back changes nothing but Versions. A collection with more than 100 perks
 * takes several requests; only the first carries the Version, checked under the lock the import
 * holds until it commits.
 */
export function toCreateRequests(list: ExportedCollection[]): CreateRequestInput[] {
  return list.flatMap((collection) => {
    const perkData = collection.perks.map((perk) => ({ PlatformNFTId: collection.id, PlatformPerkId: perk.id, ...perk.data }));
    const requests: CreateRequestInput[] = [];
    for (let start = 0; start === 0 || start < perkData.length; start += LIMITS.perksPerRequest) {
      const chunk = perkData.slice(start, start + LIMITS.perksPerRequest);
      const request: CreateRequestInput =
        start === 0 ? { nftData: { PlatformNFTId: collection.id, Version: collection.version, ...collection.data } } : {};
      if (chunk.length > 0) request.perkData = chunk;
      requests.push(request);
    }
    return requests;
  });
}

/** One row per perk (one with empty perk columns for a collection without perks), formula-safe cells; the header first unless `header` is false. */
export function toCsv(list: ExportedCollection[], header = true): string {
  const rows: string[][] = [];
  for (const collection of list) {
    const fields: Record<string, unknown> = { PlatformNFTId: collection.id, Version: collection.version, ...collection.data };
    const collectionCells = Object.entries(COLLECTION_COLUMNS).map(([name, kind]) => toCell(kind, fields[name]));
    const perkRows = collection.perks.length > 0 ? collection.perks : [null];
    for (const perk of perkRows) {
      const perkFields: Record<string, unknown> = perk ? { PlatformPerkId: perk.id, ...perk.data } : {};
      rows.push([...collectionCells, ...Object.entries(PERK_COLUMNS).map(([name, kind]) => toCell(kind, perkFields[name]))]);
    }
  }
  return stringify(rows, { header, columns: CSV_COLUMNS, record_delimiter: "\r\n" });
}

/**
 * A JSON array of create requests written a piece at a time, byte for byte as
 * `JSON.stringify(requests, null, 2)` followed by a line break: `piece` for each slice of
 * requests in turn, then `end`.
 */
export function jsonArrayWriter() {
  let written = 0;
  return {
    piece(requests: CreateRequestInput[]): string {
      return requests
        .map((request) => `${written++ === 0 ? "[\n  " : ",\n  "}${JSON.stringify(request, null, 2).replaceAll("\n", "\n  ")}`)
        .join("");
    },
    end: () => (written === 0 ? "[]\n" : "\n]\n"),
  };
}
