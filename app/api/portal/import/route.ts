import { importResponse } from "@/lib/import-export/server/import-response";
import { readBodyBytes } from "@/lib/http/server/read-json";
import { defineRoute, queryOf } from "@/lib/http/server/route";
import { importQuerySchema } from "@/lib/schemas/import-export";
import { LIMITS } from "@/lib/schemas/limits";

/** Import a JSON or CSV file (`?format=`): the body is the file, refused past its limit before it is read whole. */
export const POST = defineRoute(
  { auth: "session", budget: "write", query: queryOf(importQuerySchema), upload: { maxBytes: LIMITS.importBytes } },
  ({ account, request, query }) => importResponse(account, query.format, () => readBodyBytes(request, LIMITS.importBytes)),
);
