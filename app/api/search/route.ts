import { browseCollections } from "@/lib/browse/search";
import { publicRoute } from "@/lib/http/public-route";
import { searchParamsSchema } from "@/lib/schemas/search-params";

/** The browse page's search while typing: the gateway's search, keyless, in cards. */
export const GET = publicRoute("read", async ({ request }) => {
  const url = new URL(request.url);
  const given = (name: string) => url.searchParams.get(name) || undefined;
  const params = searchParamsSchema.parse({
    query: given("query"),
    category: given("category"),
    pageNum: given("pageNum"),
  });
  return browseCollections(params);
});
