import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { walletPerksRoute } from "@/lib/routes/wallet-perks";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: walletPerksRoute("key") });
