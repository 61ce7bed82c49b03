import { historyRoute } from "@/lib/http/server/history-route";

/** The editor's History tab: the same answer as the API's, for the signed-in manager. */
export const GET = historyRoute("session");
