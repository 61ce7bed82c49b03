import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { deleteCollectionRoute, retrieveCollectionRoute } from "@/lib/routes/collections";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({
  GET: retrieveCollectionRoute("key"),
  DELETE: deleteCollectionRoute("key"),
});
