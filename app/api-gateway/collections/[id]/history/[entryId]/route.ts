import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { historyEntryRoute } from "@/lib/http/server/history-route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: historyEntryRoute("key") });
