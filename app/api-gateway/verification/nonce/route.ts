import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { nonceRoute } from "@/lib/routes/verification";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ POST: nonceRoute("key") });
