import { sitemapFileRoute } from "@/lib/routes/syndication";

export const GET = sitemapFileRoute;
