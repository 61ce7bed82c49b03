import { describe, expect, it } from "vitest";
import { parseImportFile } from "./parse-file";

const bytes = (text: string) => new TextEncoder().encode(text);
const HEADER = "PlatformNFTId,Version,Title,ContractChain,PlatformPerkId,ShortDescription,Tags";

describe("parseImportFile: CSV", () => {
  it("groups consecutive rows of a collection and names a row's first line when a cell spans lines", () => {
    const file = [HEADER, ",,Seals,Ethereum,,Hoodie,Merch", ',,Seals,Ethereum,,"Tour', 'for two",Bogus', ",,Herons,Base,,,"].join("\r\n");
    const { items, problems } = parseImportFile("csv", bytes(file));
    expect(items).toHaveLength(1);
    expect(items[0]!.request).toEqual({ nftData: { Title: "Herons", ContractChain: "Base" } });
    expect(problems).toEqual([{ line: 3, field: "Tags[0]", message: 'unknown category "Bogus"' }]);
  });

  it("refuses a row whose collection columns differ from its collection's first row", () => {
    const file = [HEADER, ",,Seals,Ethereum,,Hoodie,Merch", ",,Seals,Polygon,,Tour,Events"].join("\n");
    expect(parseImportFile("csv", bytes(file)).problems).toEqual([
      {
        line: 3,
        field: "ContractChain",
        message: "differs from line 2: repeat the collection's columns unchanged on each of its rows",
      },
    ]);
  });

  it("splits a stored collection's 150 perks into requests of 100, the Version on the first only", () => {
    const rows = Array.from({ length: 150 }, (_, index) => `abc,7,Seals,Ethereum,,Perk ${index},Merch`);
    const { items, problems } = parseImportFile("csv", bytes([HEADER, ...rows].join("\n")));
    expect(problems).toEqual([]);
    expect(items.map((item) => [item.request.nftData?.Version, item.request.perkData?.length])).toEqual([
      [7, 100],
      [undefined, 50],
    ]);
    expect(items[1]!.request.perkData![0]).toMatchObject({ PlatformNFTId: "abc", ShortDescription: "Perk 100" });
    // A problem in the second request still names its own line.
    expect(items[1]!.locate("perkData[0].Tags")).toEqual({ line: 102, field: "Tags" });
  });

  it("names unknown, duplicated and missing columns on line 1, and malformed CSV", () => {
    expect(parseImportFile("csv", bytes("Title,Colour,Title\nA,red,A")).problems).toEqual([
      { line: 1, field: "Colour", message: "unknown column" },
      { line: 1, field: "Title", message: "the column appears twice" },
      { line: 1, field: "ContractChain", message: "missing column" },
    ]);
    expect(parseImportFile("csv", bytes('Title,ContractChain\n"A,B\n')).problems).toEqual([
      { line: 2, field: "file", message: expect.stringMatching(/^not valid CSV/) },
    ]);
  });
});

describe("parseImportFile: JSON", () => {
  it("refuses what is not an array of requests, and bytes that are not UTF-8", () => {
    expect(parseImportFile("json", bytes('{"nftData":{}}')).problems).toEqual([
      { field: "file", message: "expected a JSON array of create requests" },
    ]);
    expect(parseImportFile("json", bytes("[")).problems).toEqual([{ field: "file", message: expect.stringMatching(/^not valid JSON/) }]);
    expect(parseImportFile("json", new Uint8Array([0x5b, 0xff, 0x5d])).problems).toEqual([{ field: "file", message: "not UTF-8 text" }]);
  });
});
