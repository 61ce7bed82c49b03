/** One line of the import's answer stream (NDJSON): progress, then the summary or the error. */
export type ImportLine =
  | { progress: { done: number; total: number } }
  | { imported: { requests: number; created: number; edited: number; perks: number } }
  | { error: string };
