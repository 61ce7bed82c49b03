import { browseCollections } from "@/lib/browse/search";
import { publicRoute } from "@/lib/http/public-route";
import { searchParamsFromUrl } from "@/lib/schemas/search-params";

/** The browse page's search while typing: the gateway's search, keyless, in cards. */
export const GET = publicRoute("read", async ({ request }) => {
  const params = searchParamsFromUrl(new URL(request.url));
  return browseCollections(params);
});
