import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { walletPerksRoute } from "@/lib/holders/wallet-perks-route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: walletPerksRoute("key") });
