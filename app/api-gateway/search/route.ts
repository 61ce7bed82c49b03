import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { defineRoute } from "@/lib/http/server/route";
import { searchQuery } from "@/lib/schemas/search-params";
import { searchCollections } from "@/lib/search/search";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({
  GET: defineRoute({ auth: "key", budget: "read", query: searchQuery }, ({ query }) => searchCollections(query)),
});
