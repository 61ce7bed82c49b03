import { categoryFeedAnswer } from "@/lib/syndication/feed-answers";

export const GET = (request: Request) => categoryFeedAnswer(request);
