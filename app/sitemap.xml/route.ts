import { sitemapIndexRoute } from "@/lib/routes/syndication";

export const GET = sitemapIndexRoute;
