import { robotsRoute } from "@/lib/routes/syndication";

export const GET = robotsRoute;
