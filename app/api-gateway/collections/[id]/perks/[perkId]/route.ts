import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { deletePerkRoute } from "@/lib/routes/collections";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ DELETE: deletePerkRoute("key") });
