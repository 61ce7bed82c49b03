import { apiRoute } from "@/lib/http/api-route";
import { searchParamsFromUrl } from "@/lib/schemas/search-params";
import { searchCollections } from "@/lib/search/search";

export const GET = apiRoute("read", async ({ request, snapshot }) => {
  const params = searchParamsFromUrl(new URL(request.url));
  return searchCollections(params, snapshot);
});
