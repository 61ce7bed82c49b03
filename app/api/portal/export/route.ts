import { getDb } from "@/lib/db/client";
import { toCreateRequests, toCsv } from "@/lib/import-export/export-shapes";
import { readOwnCollections } from "@/lib/import-export/server/export-collections";
import { NO_STORE } from "@/lib/http/server/error-response";
import { defineRoute, queryOf } from "@/lib/http/server/route";
import { exportQuerySchema } from "@/lib/schemas/import-export";

/** The partner's own collections as a download: JSON create requests (edits) or CSV. */
export const GET = defineRoute({ auth: "session", budget: "read", query: queryOf(exportQuerySchema) }, async ({ account, query }) => {
  const list = await readOwnCollections(await getDb(), account.userId);
  const date = new Date().toISOString().slice(0, 10);
  const body = query.format === "json" ? `${JSON.stringify(toCreateRequests(list), null, 2)}\n` : toCsv(list);
  return new Response(body, {
    headers: {
      ...NO_STORE,
      "Content-Type": query.format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="collections-${date}.${query.format}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});
