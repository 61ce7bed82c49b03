import { LIMITS } from "@/lib/schemas/limits";
import { refusedFile, toItem, type ImportItem, type ParsedFile } from "./import-item";
import { jsonWorkProblem } from "./json-work";
import { parseCsvFile } from "./parse-csv";
import { fileProblems, ProblemList } from "./problems";

export type ImportFormat = "json" | "csv";
export const IMPORT_FORMATS = ["json", "csv"] as const;
export type { ParsedFile };

/** The perks of every request in a parsed array, counted before any is validated. */
const perksIn = (requests: unknown[]) =>
  requests.reduce<number>((sum, request) => {
    const perkData = (request as { perkData?: unknown } | null)?.perkData;
    return sum + (Array.isArray(perkData) ? perkData.length : 0);
  }, 0);

function parseJsonFile(text: string): ParsedFile {
  const tooMuch = jsonWorkProblem(text);
  if (tooMuch) return refusedFile({ field: "file", message: `holds ${tooMuch}; split it into several files` });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return refusedFile({ field: "file", message: `not valid JSON (${(error as Error).message})` });
  }
  if (!Array.isArray(value)) return refusedFile({ field: "file", message: "expected a JSON array of create requests" });
  if (value.length === 0) return refusedFile({ field: "file", message: "the array holds no create requests" });
  const perks = perksIn(value);
  if (perks > LIMITS.importPerks) {
    return refusedFile({
      field: "file",
      message: `holds ${perks.toLocaleString("en")} perks; at most ${LIMITS.importPerks.toLocaleString("en")} in one file: split it into several files`,
    });
  }
  const problems = new ProblemList();
  const items: ImportItem[] = [];
  value.forEach((raw, index) => {
    const item = toItem(raw, (path) => ({ index, field: path }), problems);
    if (item) items.push(item);
  });
  return { items, ...fileProblems(problems) };
}

/**
 * Reads an import file into create requests, each validated with the API's schema, and lists its
 * problems (the first 100, and how many more) rather than the first. Before building anything it
 * bounds the work the file asks for (`LIMITS.import*`). Nothing here touches the store.
 */
export function parseImportFile(format: ImportFormat, bytes: Uint8Array): ParsedFile {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refusedFile({ field: "file", message: "not UTF-8 text" });
  }
  if (text.includes("\u0000")) return refusedFile({ field: "file", message: "must not contain NUL (U+0000) characters" });
  return format === "json" ? parseJsonFile(text) : parseCsvFile(text);
}

/** The format a file name implies, if any. */
export function formatOfName(name: string): ImportFormat | undefined {
  const extension = name.toLowerCase().split(".").at(-1);
  return extension === "json" || extension === "csv" ? extension : undefined;
}
