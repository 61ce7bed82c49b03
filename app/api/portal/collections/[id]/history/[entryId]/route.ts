import { historyEntryRoute } from "@/lib/http/server/history-route";

/** One history entry whole, for the editor's "Show changes" and "Restore this version". */
export const GET = historyEntryRoute("session");
