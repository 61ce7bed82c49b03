import { parse } from "csv-parse/sync";
import type { z } from "zod";
import { createRequestSchema } from "@/lib/schemas/create-request";
import { formatPath } from "@/lib/schemas/issue-path";
import { LIMITS } from "@/lib/schemas/limits";
import { COLLECTION_COLUMNS, CSV_COLUMNS, fromCell, KIND_OF, PERK_COLUMNS } from "./csv-cells";
import type { ImportItem } from "./import-item";
import type { Locate, Problem } from "./problems";

export type ImportFormat = "json" | "csv";
export const IMPORT_FORMATS = ["json", "csv"] as const;

export type ParsedFile = { items: ImportItem[]; problems: Problem[] };

/** Every issue of a failed parse, each at its place in the file: not only the first. */
function issueProblems(error: z.ZodError, locate: Locate): Problem[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ ...locate(formatPath([...issue.path, key])), message: "unknown field" }));
    }
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    return [{ ...locate(formatPath(issue.path) || "body"), message: missing ? "required" : issue.message }];
  });
}

/** Validates one create request; returns the item, or adds its problems. */
function toItem(raw: unknown, locate: Locate, problems: Problem[]): ImportItem | undefined {
  const parsed = createRequestSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    problems.push(...issueProblems(parsed.error, locate));
    return undefined;
  }
  return { request: parsed.data, submitted: raw as Record<string, unknown>, locate };
}

function parseJsonFile(text: string): ParsedFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { items: [], problems: [{ field: "file", message: `not valid JSON (${(error as Error).message})` }] };
  }
  if (!Array.isArray(value)) {
    return { items: [], problems: [{ field: "file", message: "expected a JSON array of create requests" }] };
  }
  if (value.length === 0) return { items: [], problems: [{ field: "file", message: "the array holds no create requests" }] };
  const problems: Problem[] = [];
  const items: ImportItem[] = [];
  value.forEach((raw, index) => {
    const item = toItem(raw, (path) => ({ index, field: path }), problems);
    if (item) items.push(item);
  });
  return { items, problems };
}

type Row = { line: number; cells: Record<string, string> };
type Group = { rows: Row[]; nftData: Record<string, unknown>; perks: { line: number; perk: Record<string, unknown> }[] };

const collectionKey = (row: Row) =>
  row.cells.PlatformNFTId?.trim() ? `id:${row.cells.PlatformNFTId.trim()}` : `new:${row.cells.Title ?? ""}`;

/** The fields of one row's columns of a kind, each converted; a bad cell is a problem at its line and column. */
function convert(row: Row, columns: Record<string, unknown>, problems: Problem[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of Object.keys(columns)) {
    const raw = row.cells[name];
    if (raw === undefined) continue;
    const converted = fromCell(KIND_OF[name]!, raw);
    if ("problem" in converted) problems.push({ line: row.line, field: name, message: converted.problem });
    else if (converted.value !== undefined) fields[name] = converted.value;
  }
  return fields;
}

/** Where a field of a request built from `group`'s rows came from: a line and a column. */
function locateInGroup(group: Group, perks: Group["perks"]): Locate {
  const first = group.rows[0]!.line;
  return (path) => {
    const collection = /^nftData\.(\w+)/.exec(path);
    if (collection) return { line: first, field: collection[1]! };
    const perk = /^perkData\[(\d+)\]\.?(.*)$/.exec(path);
    if (perk) return { line: perks[Number(perk[1])]?.line ?? first, field: perk[2] || "perk" };
    return { line: first, field: path === "perkData" ? "perks" : path };
  };
}

function parseCsvFile(text: string): ParsedFile {
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    // csv-parse counts CR and LF apart inside quoted cells; with LF alone its line numbers hold.
    records = parse(text.replaceAll("\r\n", "\n"), {
      bom: true,
      info: true,
      raw: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { items: [], problems: [{ line, field: "file", message: `not valid CSV (${(error as Error).message})` }] };
  }
  const problems: Problem[] = [];
  const header = records[0]?.record.map((name) => name.trim()) ?? [];
  if (header.length === 0) return { items: [], problems: [{ field: "file", message: "the file is empty" }] };
  header.forEach((name, index) => {
    if (!CSV_COLUMNS.includes(name)) problems.push({ line: 1, field: name || `column ${index + 1}`, message: "unknown column" });
    else if (header.indexOf(name) !== index) problems.push({ line: 1, field: name, message: "the column appears twice" });
  });
  for (const required of ["Title", "ContractChain"]) {
    if (!header.includes(required)) problems.push({ line: 1, field: required, message: "missing column" });
  }
  if (records.length < 2) problems.push({ line: 2, field: "file", message: "no rows after the header" });
  if (problems.length > 0) return { items: [], problems };

  const groups: Group[] = [];
  let previousKey: string | undefined;
  for (const { record, info, raw } of records.slice(1)) {
    // The line a row starts on: csv-parse counts to its end, and a quoted cell may span lines.
    // A row's raw text also holds the empty lines skipped before it and its own line break.
    const line = info.lines - (raw.replace(/^\n+/, "").replace(/\n$/, "").match(/\n/g)?.length ?? 0);
    const row: Row = { line, cells: Object.fromEntries(header.map((name, index) => [name, record[index] ?? ""])) };
    const key = collectionKey(row);
    let group = groups.at(-1);
    if (!group || key !== previousKey) {
      group = { rows: [], nftData: convert(row, COLLECTION_COLUMNS, problems), perks: [] };
      groups.push(group);
    } else {
      const first = group.rows[0]!;
      for (const name of Object.keys(COLLECTION_COLUMNS)) {
        if ((row.cells[name] ?? "") !== (first.cells[name] ?? "")) {
          problems.push({
            line: row.line,
            field: name,
            message: `differs from line ${first.line}: repeat the collection's columns unchanged on each of its rows`,
          });
        }
      }
    }
    previousKey = key;
    group.rows.push(row);
    const hasPerk = Object.keys(PERK_COLUMNS).some((name) => (row.cells[name] ?? "").trim() !== "");
    if (hasPerk) {
      const perk = convert(row, PERK_COLUMNS, problems);
      if (group.nftData.PlatformNFTId !== undefined) perk.PlatformNFTId = group.nftData.PlatformNFTId;
      group.perks.push({ line: row.line, perk });
    }
  }

  const items: ImportItem[] = [];
  for (const group of groups) {
    const existing = group.nftData.PlatformNFTId !== undefined;
    if (!existing && group.perks.length > LIMITS.perksPerRequest) {
      problems.push({
        line: group.rows[0]!.line,
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
  return { items, problems };
}

/**
 * Reads an import file into create requests, each validated with the API's schema, and lists
 * every problem found rather than the first. Nothing here touches the store.
 */
export function parseImportFile(format: ImportFormat, bytes: Uint8Array): ParsedFile {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { items: [], problems: [{ field: "file", message: "not UTF-8 text" }] };
  }
  if (text.includes("\u0000")) return { items: [], problems: [{ field: "file", message: "must not contain NUL (U+0000) characters" }] };
  return format === "json" ? parseJsonFile(text) : parseCsvFile(text);
}

/** The format a file name implies, if any. */
export function formatOfName(name: string): ImportFormat | undefined {
  const extension = name.toLowerCase().split(".").at(-1);
  return extension === "json" || extension === "csv" ? extension : undefined;
}
