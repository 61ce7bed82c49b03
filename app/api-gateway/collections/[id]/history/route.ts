import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { historyRoute } from "@/lib/routes/history";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: historyRoute("key") });
