import { defineRoute } from "@/lib/http/server/route";
import { searchPerks } from "@/lib/search/perks";
import { perkSearchQuery } from "@/lib/schemas/perk-search-params";

/** The perks page's searches from the browser: the gateway's perk search, keyless. */
export const GET = defineRoute({ auth: "public", budget: "read", query: perkSearchQuery }, ({ query }) => searchPerks(query));
