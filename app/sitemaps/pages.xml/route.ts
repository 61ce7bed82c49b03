import { pagesFileAnswer } from "@/lib/syndication/sitemap-answers";

export const GET = (request: Request) => pagesFileAnswer(request);
