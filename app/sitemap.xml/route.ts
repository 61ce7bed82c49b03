import { sitemapIndexAnswer } from "@/lib/syndication/sitemap-answers";

export const GET = (request: Request) => sitemapIndexAnswer(request);
