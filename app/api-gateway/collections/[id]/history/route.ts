import { historyRoute } from "@/lib/http/server/history-route";

export const GET = historyRoute("key");
