import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { collectionSearchRoute } from "@/lib/routes/search";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ GET: collectionSearchRoute("key") });
