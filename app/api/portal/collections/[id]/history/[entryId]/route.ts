import { historyEntryRoute } from "@/lib/routes/history";

/** One history entry whole, for the editor's "Show changes" and "Restore this version". */
export const GET = historyEntryRoute("session");
