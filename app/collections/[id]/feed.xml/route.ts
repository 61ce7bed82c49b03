import { collectionFeedRoute } from "@/lib/routes/syndication";

export const GET = collectionFeedRoute;
