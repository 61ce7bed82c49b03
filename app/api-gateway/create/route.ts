import { saveCollectionRoute } from "@/lib/http/server/collection-routes";

export const POST = saveCollectionRoute("key");
