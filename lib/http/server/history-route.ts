import "server-only";
import { readHistory } from "@/lib/history/read";
import { historyQuerySchema } from "@/lib/schemas/history";
import { idPathSchema } from "@/lib/schemas/path-id";
import { defineRoute, queryOf } from "./route";

/** A collection's history, for the API and the portal alike: managers only, 20 entries a page, newest first. */
export const historyRoute = (auth: "key" | "session") =>
  defineRoute(
    {
      auth,
      budget: "read",
      params: { schema: idPathSchema, unknown: ({ id }) => `PlatformNFTId: collection ${JSON.stringify(id)} not found` },
      query: queryOf(historyQuerySchema),
    },
    ({ account, params, query }) => readHistory(account.userId, params.id, query.pageNum),
  );
