import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { claimListRoute } from "@/lib/routes/partner-claims";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: claimListRoute("key") });
