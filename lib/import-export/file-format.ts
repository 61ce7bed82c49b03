import { COLLECTION_COLUMNS, PERK_COLUMNS, TAG_SEPARATOR, type CellKind } from "@/lib/schemas/csv-cells";
import type { ImportItem } from "./import-item";

/*
 * What the import page tells a person about the file, taken from the same tables import reads
 * cells with, so the page cannot list a column import does not take.
 */

/** Where the portal serves the sample files (public/), the same content in both formats. */
export const SAMPLE_FILES = { csv: "/import-sample.csv", json: "/import-sample.json" } as const;

/** The columns a CSV file must have. */
export const REQUIRED_COLUMNS = ["Title", "ContractChain"] as const;

export const CELL_MEANING: Record<CellKind, string> = {
  text: "text, as in the API",
  integer: "whole numbers",
  boolean: "true or false",
  json: 'JSON, as in the API (["Fur"], {"address":"Oslo"})',
  tags: `categories separated by ${TAG_SEPARATOR} (Merch${TAG_SEPARATOR}Apparel)`,
};

/** The columns of each kind but text: what a person must write differently from plain text. */
export const CELL_RULES = (["tags", "boolean", "integer", "json"] as const).map((kind) => ({
  kind,
  meaning: CELL_MEANING[kind],
  columns: Object.entries({ ...COLLECTION_COLUMNS, ...PERK_COLUMNS })
    .filter(([, of]) => of === kind)
    .map(([name]) => name),
}));

/** The JSON shape in brief, shown on the import page (a valid file: a test imports it). */
export const JSON_SHAPE_EXAMPLE = `[
  {
    "nftData": { "Title": "Harbour Seals Club", "ContractChain": "Ethereum" },
    "perkData": [
      { "ShortDescription": "Free hoodie every winter", "Tags": ["Merch", "Apparel"],
        "Status": "Upcoming", "OneTime": false, "TokensRequired": 1 }
    ]
  }
]`;

export type ColumnGroup = { title: string; columns: { name: string; kind: CellKind; required: boolean }[] };

export const COLUMN_GROUPS: ColumnGroup[] = [
  { title: "Collection columns", columns: describe(COLLECTION_COLUMNS) },
  { title: "Perk columns", columns: describe(PERK_COLUMNS) },
];

function describe(columns: Record<string, CellKind>) {
  const required: readonly string[] = REQUIRED_COLUMNS;
  return Object.entries(columns).map(([name, kind]) => ({ name, kind, required: required.includes(name) }));
}

/** Which collection a request writes: its id, or for a new one its place in the file. */
function collectionOf(item: Pick<ImportItem, "request">, index: number): string {
  const { nftData, perkData } = item.request;
  if (nftData) return nftData.PlatformNFTId ? `id:${nftData.PlatformNFTId}` : `new:${index}`;
  return `id:${perkData?.[0]?.PlatformNFTId ?? `#${index}`}`;
}

export type Written = { collections: number; perks: number };

/**
 * After each request, how many distinct collections and perks the import has written so far
 * (a collection with more than 100 perks takes several requests): progress in the words a person
 * uses for the file, not in requests.
 */
export function writtenAfterEach(items: Pick<ImportItem, "request">[]): Written[] {
  const seen = new Set<string>();
  let perks = 0;
  return items.map((item, index) => {
    seen.add(collectionOf(item, index));
    perks += item.request.perkData?.length ?? 0;
    return { collections: seen.size, perks };
  });
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/** "2 collections, 5 perks"; "1 collection, 1 perk". */
export function collectionsAndPerks({ collections, perks }: Written): string {
  return `${plural(collections, "collection", "collections")}, ${plural(perks, "perk", "perks")}`;
}
