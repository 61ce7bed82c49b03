/*
 * The CSV form of a collection and its perks: one row per perk, the collection's columns
 * repeated on each row. Shared by import (cells to values) and export (values to cells), so the
 * two cannot drift apart. Documented in docs/import-export.md.
 */

/** How a column's cell becomes a field value, and back. */
export type CellKind = "text" | "integer" | "boolean" | "json" | "tags";

export const COLLECTION_COLUMNS = {
  PlatformNFTId: "text",
  Version: "integer",
  Title: "text",
  ContractChain: "text",
  CollectionDescription: "text",
  ContractAddress: "text",
  ContractText: "text",
  Creator: "text",
  Discord: "text",
  Twitter: "text",
  ImagePic: "text",
  MarketPlace: "text",
  MarketPlaceLink: "text",
  ReleaseStatus: "text",
  Website: "text",
  floorPrice: "text",
  marketplaceSlug: "text",
  PriceRange: "text",
  PropertiesNames: "json",
  PropertiesValues: "json",
  TokenQuantity: "integer",
  TokenQuantityIssued: "integer",
} as const satisfies Record<string, CellKind>;

export const PERK_COLUMNS = {
  PlatformPerkId: "text",
  ShortDescription: "text",
  Tags: "tags",
  LongDescription: "text",
  Site: "text",
  Status: "text",
  OneTime: "boolean",
  TokensRequired: "integer",
  Date: "json",
  Location: "json",
} as const satisfies Record<string, CellKind>;

export const CSV_COLUMNS = [...Object.keys(COLLECTION_COLUMNS), ...Object.keys(PERK_COLUMNS)];
export const KIND_OF: Record<string, CellKind> = { ...COLLECTION_COLUMNS, ...PERK_COLUMNS };

/** Categories in one cell; no category name holds this character. */
export const TAG_SEPARATOR = ";";

/**
 * A spreadsheet runs a cell starting with one of these as a formula. Export writes such a cell
 * with a leading `'`, and also one that already starts with `'`s before such a character, so
 * import can take exactly one `'` off again and a round trip keeps every value as it was.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

export const neutraliseCell = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
export const restoreCell = (cell: string) => (NEUTRALISED.test(cell) ? cell.slice(1) : cell);

/** A field value as its cell: empty for a field that is not set. */
export function toCell(kind: CellKind, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (kind === "tags") return (value as string[]).join(TAG_SEPARATOR);
  if (kind === "json") return JSON.stringify(value);
  return neutraliseCell(String(value));
}

/** A cell as its field value: `undefined` for an empty cell, or the problem with it. */
export function fromCell(kind: CellKind, raw: string): { value: unknown } | { problem: string } {
  const cell = restoreCell(raw);
  if (cell === "") return { value: undefined };
  switch (kind) {
    case "text":
      return { value: cell };
    case "integer":
      return /^\s*\d+\s*$/.test(cell) ? { value: Number(cell) } : { problem: "expected a whole number" };
    case "boolean": {
      const word = cell.trim().toLowerCase();
      return word === "true" || word === "false" ? { value: word === "true" } : { problem: "expected true or false" };
    }
    case "tags":
      return {
        value: cell
          .split(TAG_SEPARATOR)
          .map((tag) => tag.trim())
          .filter(Boolean),
      };
    case "json":
      try {
        return { value: JSON.parse(cell) };
      } catch {
        return { problem: 'expected JSON (such as ["a","b"] or {"address":"…"})' };
      }
  }
}
