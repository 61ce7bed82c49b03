import { browseCollections } from "@/lib/search/browse";
import { defineRoute } from "@/lib/http/server/route";
import { searchQuery } from "@/lib/schemas/search-params";

/** The browse page's search while typing: the gateway's search, keyless, in cards. */
export const GET = defineRoute({ auth: "public", budget: "read", query: searchQuery }, ({ query }) => browseCollections(query));
