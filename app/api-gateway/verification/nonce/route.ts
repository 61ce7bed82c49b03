import { nonceRoute } from "@/lib/http/server/verification-routes";
import { gatewayMethods } from "@/lib/http/server/gateway-routes";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ POST: nonceRoute });
