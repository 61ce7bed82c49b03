import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { claimListRoute } from "@/lib/holders/partner-claim-routes";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: claimListRoute("key") });
