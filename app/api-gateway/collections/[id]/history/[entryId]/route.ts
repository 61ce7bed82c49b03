import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { historyEntryRoute } from "@/lib/routes/history";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: historyEntryRoute("key") });
