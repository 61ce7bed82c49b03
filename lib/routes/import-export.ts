import "server-only";
import { NO_STORE } from "@/lib/http/server/error-response";
import { readBodyBytes } from "@/lib/http/server/read-json";
import { defineRoute, queryOf } from "@/lib/http/server/route";
import { exportStream } from "@/lib/import-export/server/export-stream";
import { importResponse } from "@/lib/import-export/server/import-response";
import { exportQuerySchema, importQuerySchema } from "@/lib/schemas/import-export";
import { LIMITS } from "@/lib/schemas/limits";

/** Import a JSON or CSV file (`?format=`): the body is the file, refused past its limit before it is read whole. */
export const importRoute = (auth: "session") =>
  defineRoute(
    { auth, budget: "write", query: queryOf(importQuerySchema), upload: { maxBytes: LIMITS.importBytes } },
    ({ account, request, query }) => importResponse(account, query.format, () => readBodyBytes(request, LIMITS.importBytes)),
  );

/** The partner's own collections as a download, written while it streams: JSON create requests (edits) or CSV. */
export const exportRoute = (auth: "session") =>
  defineRoute({ auth, budget: "read", query: queryOf(exportQuerySchema) }, async ({ account, query }) => {
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
