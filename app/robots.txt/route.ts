import { robotsAnswer } from "@/lib/syndication/robots";

export const GET = (request: Request) => robotsAnswer(request);
