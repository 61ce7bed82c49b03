import "server-only";
import { getDb } from "@/lib/db/client";
import { jsonArrayWriter, toCreateRequests, toCsv } from "../export-shapes";
import { readOwnCollections, readOwnIds } from "./export-collections";

/**
 * Collections read per piece of an export: each is at most 1 MiB as stored, so a piece in memory
 * stays small however many collections the account has.
 */
export const EXPORT_BATCH = 20;

/**
 * The account's collections as a file that is written while it downloads: the ids are listed
 * first (so a failure there is an ordinary error answer), then each batch is read when the
 * client asks for more, so a slow download holds no connection and only one batch in memory.
 */
export async function exportStream(teamId: string, format: "json" | "csv"): Promise<ReadableStream<Uint8Array>> {
  const ids = await readOwnIds(await getDb(), teamId);
  const encoder = new TextEncoder();
  const json = jsonArrayWriter();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next >= ids.length) {
        if (format === "json") controller.enqueue(encoder.encode(json.end()));
        else if (ids.length === 0) controller.enqueue(encoder.encode(toCsv([])));
        controller.close();
        return;
      }
      const first = next === 0;
      const batch = await readOwnCollections(await getDb(), teamId, ids.slice(next, next + EXPORT_BATCH));
      next += EXPORT_BATCH;
      controller.enqueue(encoder.encode(format === "json" ? json.piece(toCreateRequests(batch)) : toCsv(batch, first)));
    },
  });
}
