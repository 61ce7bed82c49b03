import "server-only";
import { getDb } from "@/lib/db/client";
import { errorResponse, jsonResponse, NO_STORE } from "@/lib/http/server/error-response";
import type { ImportLine } from "../import-lines";
import { parseImportFile, type ImportFormat } from "../parse-file";
import { problemsSummary, type Problem } from "../problems";
import { checkImport } from "./check-import";
import { applyImport } from "./run-import";

const problemsResponse = (problems: Problem[]) => jsonResponse(400, { error: problemsSummary(problems.length), problems });

/**
 * The portal's import: a file with problems is a 400 listing all of them, before anything is
 * written. Otherwise the answer is a stream of NDJSON lines while the one transaction runs:
 * `{"progress":…}` at each whole percent, then `{"imported":…}` once committed, or `{"error":…}`
 * when it was rolled back. The import runs to its end even if the page goes away.
 */
export async function importResponse(userId: string, format: ImportFormat, bytes: Uint8Array): Promise<Response> {
  const { items, problems } = parseImportFile(format, bytes);
  if (problems.length > 0) return problemsResponse(problems);
  const storeProblems = await checkImport(await getDb(), userId, items);
  if (storeProblems.length > 0) return problemsResponse(storeProblems);

  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (line: ImportLine) => {
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          // The page went away; the import goes on and commits or rolls back as it would.
        }
      };
      let percent = -1;
      send({ progress: { done: 0, total: items.length } });
      void applyImport(userId, items, (done, total) => {
        const now = Math.floor((done * 100) / total);
        if (now === percent) return;
        percent = now;
        send({ progress: { done, total } });
      })
        .then(
          (summary) => send({ imported: summary }),
          async (error: unknown) => send((await errorResponse(error).json()) as ImportLine),
        )
        .finally(() => {
          try {
            controller.close();
          } catch {
            // Already closed by a cancelled reader.
          }
        });
    },
  });
  return new Response(stream, {
    status: 200,
    headers: { ...NO_STORE, "Content-Type": "application/x-ndjson; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });
}
