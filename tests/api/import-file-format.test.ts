import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CSV_COLUMNS } from "@/lib/schemas/csv-cells";
import {
  CELL_RULES,
  collectionsAndPerks,
  COLUMN_GROUPS,
  JSON_SHAPE_EXAMPLE,
  SAMPLE_FILES,
  writtenAfterEach,
} from "@/lib/import-export/file-format";
import { parseImportFile } from "@/lib/import-export/parse-file";

const sample = (format: "csv" | "json") => fs.readFileSync(path.join("public", SAMPLE_FILES[format]));
const requestsOf = (format: "csv" | "json", bytes: Uint8Array) => {
  const { items, problems } = parseImportFile(format, bytes);
  expect(problems).toEqual([]);
  return items;
};

describe("what the import page says about the file", () => {
  it("lists every CSV column import reads, each once, with Title and ContractChain required", () => {
    const listed = COLUMN_GROUPS.flatMap((group) => group.columns.map((column) => column.name));
    expect(listed).toEqual(CSV_COLUMNS);
    const required = COLUMN_GROUPS.flatMap((group) => group.columns.filter((column) => column.required).map((column) => column.name));
    expect(required).toEqual(["Title", "ContractChain"]);
    expect(CELL_RULES.find((rule) => rule.kind === "tags")?.columns).toEqual(["Tags"]);
    expect(CELL_RULES.find((rule) => rule.kind === "boolean")?.columns).toEqual(["OneTime"]);
  });

  it("offers samples that import cleanly, the JSON one holding the same requests as the CSV one", () => {
    const csv = requestsOf("csv", sample("csv"));
    const json = requestsOf("json", sample("json"));
    expect(json.map((item) => item.request)).toEqual(csv.map((item) => item.request));
    expect(writtenAfterEach(csv).at(-1)).toEqual({ collections: 2, perks: 2 });
  });

  it("shows a JSON shape that is itself a valid file", () => {
    expect(requestsOf("json", new TextEncoder().encode(JSON_SHAPE_EXAMPLE))).toHaveLength(1);
  });
});

describe("import progress in collections and perks", () => {
  const request = (nftData?: object, perks = 0, perkCollection = "C1") => ({
    request: {
      ...(nftData ? { nftData } : {}),
      perkData: Array.from({ length: perks }, () => ({ PlatformNFTId: perkCollection })),
    } as never,
  });

  it("counts a collection sent in several requests once, and every perk", () => {
    const written = writtenAfterEach([
      request({ Title: "New" }, 3),
      request({ PlatformNFTId: "C1", Title: "Old" }, 100),
      request({ PlatformNFTId: "C1", Title: "Old" }, 20),
      request(undefined, 2, "C2"),
      request({ Title: "Another new" }),
    ]);
    expect(written).toEqual([
      { collections: 1, perks: 3 },
      { collections: 2, perks: 103 },
      { collections: 2, perks: 123 },
      { collections: 3, perks: 125 },
      { collections: 4, perks: 125 },
    ]);
  });

  it("says it in words", () => {
    expect(collectionsAndPerks({ collections: 2, perks: 5 })).toBe("2 collections, 5 perks");
    expect(collectionsAndPerks({ collections: 1, perks: 1 })).toBe("1 collection, 1 perk");
    expect(collectionsAndPerks({ collections: 1200, perks: 0 })).toBe("1,200 collections, 0 perks");
  });
});
