import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { perkSearchRoute } from "@/lib/routes/search";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: perkSearchRoute("key") });
