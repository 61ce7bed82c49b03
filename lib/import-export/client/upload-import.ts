import type { ImportLine, ImportProgress } from "../import-lines";
import type { Problem } from "../problems";

export type ImportOutcome =
  | { kind: "imported"; summary: Extract<ImportLine, { imported: unknown }>["imported"] }
  | { kind: "problems"; message: string; problems: Problem[] }
  | { kind: "failed"; message: string };

/**
 * Sends a file to `POST /api/portal/import` and follows the answer: a 400 with the file's
 * problems, or the NDJSON lines of the running import, reporting each progress line.
 */
export async function uploadImport(
  file: File,
  format: "json" | "csv",
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportOutcome> {
  let response: Response;
  try {
    response = await fetch(`/api/portal/import?format=${format}`, {
      method: "POST",
      headers: { "content-type": format === "csv" ? "text/csv" : "application/json" },
      body: file,
    });
  } catch {
    return { kind: "failed", message: "The connection failed. Check it and import again: nothing is imported twice unless it committed." };
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: string; problems?: Problem[] } | null;
    const message = body?.error ?? `The import failed (${response.status}).`;
    return body?.problems ? { kind: "problems", message, problems: body.problems } : { kind: "failed", message };
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = "";
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (value) pending += value;
    const lines = pending.split("\n");
    pending = done ? "" : (lines.pop() ?? "");
    for (const text of lines.filter(Boolean)) {
      const line = JSON.parse(text) as ImportLine;
      if ("progress" in line) onProgress(line.progress);
      else if ("imported" in line) return { kind: "imported", summary: line.imported };
      else return { kind: "failed", message: line.error };
    }
    if (done) break;
  }
  return { kind: "failed", message: "The answer ended before the import did: look at My collections before importing again." };
}
