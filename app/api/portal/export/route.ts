import { exportStream } from "@/lib/import-export/server/export-stream";
import { NO_STORE } from "@/lib/http/server/error-response";
import { defineRoute, queryOf } from "@/lib/http/server/route";
import { exportQuerySchema } from "@/lib/schemas/import-export";

/** The partner's own collections as a download, written while it streams: JSON create requests (edits) or CSV. */
export const GET = defineRoute({ auth: "session", budget: "read", query: queryOf(exportQuerySchema) }, async ({ account, query }) => {
  const body = await exportStream(account.teamId, query.format);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      ...NO_STORE,
      "Content-Type": query.format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="collections-${date}.${query.format}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});
