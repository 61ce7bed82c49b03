import type { Written } from "./file-format";

/**
 * One line of the import's answer stream (NDJSON): progress (requests done of total, and the
 * collections and perks written so far of those in the file), then the summary or the error.
 */
export type ImportLine =
  { progress: ImportProgress } | { imported: { requests: number; created: number; edited: number; perks: number } } | { error: string };

export type ImportProgress = { done: number; total: number; written: Written; inFile: Written };
