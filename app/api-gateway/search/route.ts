import { apiRoute } from "@/lib/http/api-route";
import { searchParamsSchema } from "@/lib/schemas/search-params";
import { searchCollections } from "@/lib/search/search";

export const GET = apiRoute("read", async ({ request, snapshot }) => {
  const url = new URL(request.url);
  const given = (name: string) => url.searchParams.get(name) || undefined;
  const params = searchParamsSchema.parse({
    query: given("query"),
    category: given("category"),
    pageNum: given("pageNum"),
  });
  return searchCollections(params, snapshot);
});
