import { parse, type Options } from "csv-parse/sync";
import { LIMITS } from "@/lib/schemas/limits";
import { COLLECTION_COLUMNS, CSV_COLUMNS, fromCell, KIND_OF, PERK_COLUMNS } from "@/lib/schemas/csv-cells";
import { refusedFile, toItem, type ImportItem, type ParsedFile } from "./import-item";
import { fileProblems, ProblemList, type Locate } from "./problems";

/** A row as the import keeps it: the line it starts on and its cells, in the header's order. */
type Row = { line: number; cells: string[] };
/** One collection's consecutive rows: its first row (the others must repeat its collection columns) and its perks. */
type Group = { first: Row; nftData: Record<string, unknown>; perks: { line: number; perk: Record<string, unknown> }[] };

/** The fields of one row's columns of a kind, each converted; a bad cell is a problem at its line and column. */
function convert(row: Row, header: string[], columns: Record<string, unknown>, problems: ProblemList): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  header.forEach((name, index) => {
    if (!(name in columns)) return;
    const converted = fromCell(KIND_OF[name]!, row.cells[index] ?? "");
    if ("problem" in converted) problems.add({ line: row.line, field: name, message: converted.problem });
    else if (converted.value !== undefined) fields[name] = converted.value;
  });
  return fields;
}

/** Where a field of a request built from `group`'s rows came from: a line and a column. */
function locateInGroup(group: Group, perks: Group["perks"]): Locate {
  const first = group.first.line;
  return (path) => {
    const collection = /^nftData\.(\w+)/.exec(path);
    if (collection) return { line: first, field: collection[1]! };
    const perk = /^perkData\[(\d+)\]\.?(.*)$/.exec(path);
    if (perk) return { line: perks[Number(perk[1])]?.line ?? first, field: perk[2] || "perk" };
    return { line: first, field: path === "perkData" ? "perks" : path };
  };
}

/**
 * The file's records as rows, at most one more than the header and `LIMITS.importRows` (so a
 * longer file is seen without reading on). Only the line and cells of each row are kept.
 */
function readRows(text: string): Row[] {
  // csv-parse counts CR and LF apart inside quoted cells; with LF alone its line numbers hold.
  return parse(text.replaceAll("\r\n", "\n"), {
    bom: true,
    info: true,
    raw: true,
    skip_empty_lines: true,
    to: LIMITS.importRows + 2,
    // The line a row starts on: csv-parse counts to its end, and a quoted cell may span lines.
    // A row's raw text also holds the empty lines skipped before it and its own line break.
    // With `info` and `raw` on, each record reaches this hook wrapped with them (the types miss it).
    on_record: (({ record, info, raw }: { record: string[]; info: { lines: number }; raw: string }): Row => ({
      line: info.lines - (raw.replace(/^\n+/, "").replace(/\n$/, "").match(/\n/g)?.length ?? 0),
      cells: record,
    })) as unknown as Options["on_record"],
  }) as unknown as Row[];
}

export function parseCsvFile(text: string): ParsedFile {
  let rows: Row[];
  try {
    rows = readRows(text);
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return refusedFile({ line, field: "file", message: `not valid CSV (${(error as Error).message})` });
  }
  if (rows.length > LIMITS.importRows + 1) {
    const rowsMax = LIMITS.importRows.toLocaleString("en");
    return refusedFile({ line: rows.at(-1)!.line, field: "file", message: `more than ${rowsMax} rows; split it into several files` });
  }
  const problems = new ProblemList();
  const header = rows[0]?.cells.map((name) => name.trim()) ?? [];
  if (header.length === 0) return refusedFile({ field: "file", message: "the file is empty" });
  header.forEach((name, index) => {
    if (!CSV_COLUMNS.includes(name)) problems.add({ line: 1, field: name || `column ${index + 1}`, message: "unknown column" });
    else if (header.indexOf(name) !== index) problems.add({ line: 1, field: name, message: "the column appears twice" });
  });
  for (const required of ["Title", "ContractChain"]) {
    if (!header.includes(required)) problems.add({ line: 1, field: required, message: "missing column" });
  }
  if (rows.length < 2) problems.add({ line: 2, field: "file", message: "no rows after the header" });
  if (problems.count > 0) return { items: [], ...fileProblems(problems) };

  const column = (name: string) => header.indexOf(name);
  const idColumn = column("PlatformNFTId");
  const titleColumn = column("Title");
  const collectionColumns = header.flatMap((name, index) => (name in COLLECTION_COLUMNS ? [index] : []));
  const perkColumns = header.flatMap((name, index) => (name in PERK_COLUMNS ? [index] : []));
  const collectionKey = (row: Row) => {
    const id = row.cells[idColumn]?.trim();
    return idColumn >= 0 && id ? `id:${id}` : `new:${row.cells[titleColumn] ?? ""}`;
  };

  const groups: Group[] = [];
  let previousKey: string | undefined;
  for (const row of rows.slice(1)) {
    const key = collectionKey(row);
    let group = groups.at(-1);
    if (!group || key !== previousKey) {
      if (groups.length === LIMITS.importCollections) {
        const most = LIMITS.importCollections.toLocaleString("en");
        return refusedFile({ line: row.line, field: "file", message: `more than ${most} collections; split it into several files` });
      }
      group = { first: row, nftData: convert(row, header, COLLECTION_COLUMNS, problems), perks: [] };
      groups.push(group);
    } else {
      const first = group.first;
      for (const index of collectionColumns) {
        if ((row.cells[index] ?? "") !== (first.cells[index] ?? "")) {
          problems.add({
            line: row.line,
            field: header[index]!,
            message: `differs from line ${first.line}: repeat the collection's columns unchanged on each of its rows`,
          });
        }
      }
    }
    previousKey = key;
    if (perkColumns.some((index) => (row.cells[index] ?? "").trim() !== "")) {
      const perk = convert(row, header, PERK_COLUMNS, problems);
      if (group.nftData.PlatformNFTId !== undefined) perk.PlatformNFTId = group.nftData.PlatformNFTId;
      group.perks.push({ line: row.line, perk });
    }
  }

  const items: ImportItem[] = [];
  for (const group of groups) {
    const existing = group.nftData.PlatformNFTId !== undefined;
    if (!existing && group.perks.length > LIMITS.perksPerRequest) {
      problems.add({
        line: group.first.line,
        field: "perks",
        message: `a new collection takes at most ${LIMITS.perksPerRequest} perks in one file; import it, then add the rest with its PlatformNFTId`,
      });
      continue;
    }
    // A stored collection's perks go in requests of at most 100; the first one carries the
    // collection and its Version, which is checked under the lock that the whole import holds.
    for (let start = 0; start === 0 || start < group.perks.length; start += LIMITS.perksPerRequest) {
      const chunk = group.perks.slice(start, start + LIMITS.perksPerRequest);
      const request: Record<string, unknown> = start === 0 ? { nftData: group.nftData } : {};
      if (chunk.length > 0) request.perkData = chunk.map((entry) => entry.perk);
      const item = toItem(request, locateInGroup(group, chunk), problems);
      if (item) items.push(item);
    }
  }
  return { items, ...fileProblems(problems) };
}
