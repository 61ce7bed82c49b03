import { getCollectionRecord } from "@/lib/collections/read";
import { notFound } from "@/lib/errors";
import { apiRoute } from "@/lib/http/api-route";

export const GET = apiRoute<{ id: string }>("read", async ({ params, snapshot }) => {
  const record = await getCollectionRecord(params.id, snapshot);
  if (!record) throw notFound(`PlatformNFTId: collection "${params.id}" not found`);
  return record;
});
