import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { historyRoute } from "@/lib/http/server/history-route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: historyRoute("key") });
