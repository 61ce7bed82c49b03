import { saveCollectionRoute } from "@/lib/http/server/collection-routes";
import { gatewayMethods } from "@/lib/http/server/gateway-routes";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ POST: saveCollectionRoute("key") });
