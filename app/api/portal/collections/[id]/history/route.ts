import { historyRoute } from "@/lib/routes/history";

/** The editor's History tab: the same answer as the API's, for the signed-in manager. */
export const GET = historyRoute("session");
