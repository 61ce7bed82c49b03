import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { redeemRoute } from "@/lib/routes/partner-claims";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ POST: redeemRoute("key") });
