import { gatewayMethods } from "@/lib/http/server/gateway-routes";
import { defineRoute } from "@/lib/http/server/route";
import { searchPerks } from "@/lib/search/perks";
import { perkSearchQuery } from "@/lib/schemas/perk-search-params";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = gatewayMethods({
  GET: defineRoute({ auth: "key", budget: "read", query: perkSearchQuery }, ({ query }) => searchPerks(query)),
});
