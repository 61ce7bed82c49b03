import { defineRoute } from "@/lib/http/server/route";
import { searchQuery } from "@/lib/schemas/search-params";
import { searchCollections } from "@/lib/search/search";

export const GET = defineRoute({ auth: "key", budget: "read", query: searchQuery }, ({ query }) => searchCollections(query));
