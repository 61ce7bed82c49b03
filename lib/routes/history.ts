import "server-only";
import { readHistory, readHistoryEntry } from "@/lib/history/read";
import { defineRoute, queryOf } from "@/lib/http/server/route";
import { historyQuerySchema } from "@/lib/schemas/history";
import { historyEntryPathSchema, idPathSchema } from "@/lib/schemas/path-id";
import { unknownCollectionQuoted } from "./collection-path";

/** A collection's history, for the API and the portal alike: its team's members only (viewers too), 20 entries a page, newest first. */
export const historyRoute = (auth: "key" | "session") =>
  defineRoute(
    {
      auth,
      budget: "read",
      params: { schema: idPathSchema, unknown: unknownCollectionQuoted },
      query: queryOf(historyQuerySchema),
    },
    ({ account, params, query }) => readHistory(account.teamId, params.id, query.pageNum),
  );

/** One entry of it whole, with the collection's state after it: what a page leaves out. */
export const historyEntryRoute = (auth: "key" | "session") =>
  defineRoute(
    {
      auth,
      budget: "read",
      params: {
        schema: historyEntryPathSchema,
        unknown: (raw) =>
          idPathSchema.safeParse(raw).success
            ? `Id: history entry ${JSON.stringify(raw.entryId)} of collection ${JSON.stringify(raw.id)} not found`
            : unknownCollectionQuoted(raw),
      },
    },
    ({ account, params }) => readHistoryEntry(account.teamId, params.id, params.entryId),
  );
