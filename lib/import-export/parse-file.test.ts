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

describe("parseImportFile: bounded work", () => {
  it("refuses a JSON array of millions of values before parsing it, in one small problem", () => {
    const zeros = `[${Array(8_000_000).fill("0").join(",")}]`;
    expect(parseImportFile("json", bytes(zeros))).toEqual({
      items: [],
      problems: [{ field: "file", message: "holds more than 10,000 create requests; split it into several files" }],
      unlisted: 0,
    });
    const objects = `[[${Array(600_000).fill("{}").join(",")}]]`;
    expect(parseImportFile("json", bytes(objects)).problems).toEqual([
      { field: "file", message: "holds more than 500,000 objects and arrays; split it into several files" },
    ]);
    expect(parseImportFile("json", bytes(`${"[".repeat(40)}${"]".repeat(40)}`)).problems[0]!.message).toMatch(/nested more than 32/);
    // Commas and brackets inside strings are text, not values.
    const perk = { ShortDescription: "Hoodie", Tags: ["Merch"], LongDescription: ",".repeat(8_000) + '[{\\"'.repeat(250) };
    const text = JSON.stringify([{ nftData: { Title: "Seals", ContractChain: "Base" }, perkData: [perk, perk] }]);
    expect(parseImportFile("json", bytes(text)).problems).toEqual([]);
  });

  it("refuses more than 30,000 perks in all, and lists the first 100 problems with a count of the rest", () => {
    const perks = Array.from({ length: 100 }, () => ({ ShortDescription: "Hoodie", Tags: ["Merch"] }));
    const many = Array.from({ length: 301 }, () => ({ nftData: { Title: "Seals", ContractChain: "Base" }, perkData: perks }));
    expect(parseImportFile("json", bytes(JSON.stringify(many))).problems).toEqual([
      { field: "file", message: "holds 30,100 perks; at most 30,000 in one file: split it into several files" },
    ]);
    const parsed = parseImportFile("json", bytes(JSON.stringify(Array(5_000).fill(0))));
    expect(parsed.problems).toHaveLength(100);
    expect(parsed.problems[99]).toEqual({ index: 99, field: "body", message: "expected a JSON object" });
    expect(parsed.unlisted).toBe(4_900);
  });

  it("names an array longer than any a request takes, instead of each of its elements", () => {
    const request = { nftData: { Title: "Seals", ContractChain: "Base", PropertiesNames: Array(200_000).fill(0) } };
    expect(parseImportFile("json", bytes(JSON.stringify([request])))).toEqual({
      items: [],
      problems: [{ index: 0, field: "nftData.PropertiesNames", message: "at most 100 items" }],
      unlisted: 0,
    });
  });

  it("refuses a CSV of more than 30,000 rows or 10,000 collections without reading every row", () => {
    const lines = (count: number, row: (index: number) => string) => Array.from({ length: count }, (_, index) => row(index));
    const bomb = ["Title,ContractChain", ...lines(4_000_000, () => "A,B")].join("\n");
    expect(parseImportFile("csv", bytes(bomb)).problems).toEqual([
      { line: 30_002, field: "file", message: "more than 30,000 rows; split it into several files" },
    ]);
    const collections = ["Title,ContractChain", ...lines(10_001, (index) => `Seals ${index},Base`)].join("\n");
    expect(parseImportFile("csv", bytes(collections)).problems).toEqual([
      { line: 10_002, field: "file", message: "more than 10,000 collections; split it into several files" },
    ]);
    const bad = ["Title,ContractChain,TokenQuantity", ...lines(300, (index) => `Seals ${index},Base,many`)].join("\n");
    const parsed = parseImportFile("csv", bytes(bad));
    expect(parsed.problems).toHaveLength(100);
    expect(parsed.problems[0]).toEqual({ line: 2, field: "TokenQuantity", message: "expected a whole number" });
    expect(parsed.unlisted).toBe(200);
  });
});
