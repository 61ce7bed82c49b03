import "server-only";
import { defineRoute } from "@/lib/http/server/route";
import { perkSearchQuery } from "@/lib/schemas/perk-search-params";
import { searchQuery } from "@/lib/schemas/search-params";
import { browseCollections } from "@/lib/search/browse";
import { searchPerks } from "@/lib/search/perks";
import { searchCollections } from "@/lib/search/search";

/** The search family: collections and perks, for the API (key) and for the site's pages while they are used (keyless). */

/** GET /api-gateway/search. */
export const collectionSearchRoute = (auth: "key") =>
  defineRoute({ auth, budget: "read", query: searchQuery }, ({ query }) => searchCollections(query));

/** The browse page's search while typing: the gateway's search, keyless, in cards. */
export const browseSearchRoute = (auth: "public") =>
  defineRoute({ auth, budget: "read", query: searchQuery }, ({ query }) => browseCollections(query));

/** GET /api-gateway/perks, and the perks page's searches from the browser (keyless). */
export const perkSearchRoute = (auth: "key" | "public") =>
  defineRoute({ auth, budget: "read", query: perkSearchQuery }, ({ query }) => searchPerks(query));
