import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { insightsRoute } from "@/lib/routes/insights";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: insightsRoute("key") });
