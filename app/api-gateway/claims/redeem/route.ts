import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { redeemRoute } from "@/lib/holders/partner-claim-routes";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ POST: redeemRoute("key") });
