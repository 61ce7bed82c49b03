import "server-only";
import { getDb } from "@/lib/db/client";
import type { Actor } from "@/lib/history/record";
import { errorResponse, jsonResponse, NO_STORE } from "@/lib/http/server/error-response";
import { writtenAfterEach } from "../file-format";
import type { ImportItem } from "../import-item";
import type { ImportLine } from "../import-lines";
import { parseImportFile, type ImportFormat } from "../parse-file";
import { problemsBody, type FileProblems } from "../problems";
import { checkImport } from "./check-import";
import { claimImportSlot } from "./import-slots";
import { applyImport } from "./run-import";

const problemsResponse = (found: FileProblems) => jsonResponse(400, problemsBody(found));

/**
 * The portal's import: a file with problems is a 400 listing them (the first 100, and how many
 * more), before anything is written. The file is read only once the import has a slot
 * (`claimImportSlot`), which it keeps until its transaction is over. Otherwise the answer is a stream of NDJSON lines while the one transaction runs:
 * `{"progress":…}` at each whole percent, then `{"imported":…}` once committed, or `{"error":…}`
 * when it was rolled back. The import runs to its end even if the page goes away.
 */
export async function importResponse(actor: Actor, format: ImportFormat, readFile: () => Promise<Uint8Array>): Promise<Response> {
  const slot = claimImportSlot(actor.teamId);
  // Handed to the stream, which releases the slot once the transaction is over.
  let items: ImportItem[] | undefined;
  try {
    const { items: parsed, ...found } = parseImportFile(format, await readFile());
    if (found.problems.length > 0) return problemsResponse(found);
    const storeProblems = await checkImport(await getDb(), actor.teamId, parsed);
    if (storeProblems.problems.length > 0) return problemsResponse(storeProblems);
    items = parsed;
  } finally {
    if (!items) slot.release();
  }
  const accepted = items;

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
      const written = writtenAfterEach(accepted);
      const inFile = written.at(-1) ?? { collections: 0, perks: 0 };
      send({ progress: { done: 0, total: accepted.length, written: { collections: 0, perks: 0 }, inFile } });
      void applyImport(actor, accepted, (done, total) => {
        const now = Math.floor((done * 100) / total);
        if (now === percent) return;
        percent = now;
        send({ progress: { done, total, written: written[done - 1]!, inFile } });
      })
        .then(
          (summary) => send({ imported: summary }),
          async (error: unknown) => send((await errorResponse(error).json()) as ImportLine),
        )
        .finally(() => {
          slot.release();
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
