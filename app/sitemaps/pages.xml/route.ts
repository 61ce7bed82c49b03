import { sitemapPagesRoute } from "@/lib/routes/syndication";

export const GET = sitemapPagesRoute;
