import { categoryFeedRoute } from "@/lib/routes/syndication";

export const GET = categoryFeedRoute;
