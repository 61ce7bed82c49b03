import "server-only";
import { readHistory, readHistoryEntry } from "@/lib/history/read";
import { historyQuerySchema } from "@/lib/schemas/history";
import { historyEntryPathSchema, idPathSchema } from "@/lib/schemas/path-id";
import { defineRoute, queryOf } from "./route";

const unknownCollection = ({ id }: Record<string, string>) => `PlatformNFTId: collection ${JSON.stringify(id)} not found`;

/** A collection's history, for the API and the portal alike: its team's members only (viewers too), 20 entries a page, newest first. */
export const historyRoute = (auth: "key" | "session") =>
  defineRoute(
    {
      auth,
      budget: "read",
      params: { schema: idPathSchema, unknown: unknownCollection },
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
            : unknownCollection(raw),
      },
    },
    ({ account, params }) => readHistoryEntry(account.teamId, params.id, params.entryId),
  );
