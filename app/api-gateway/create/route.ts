import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { saveCollectionRoute } from "@/lib/routes/collections";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({ POST: saveCollectionRoute("key") });
