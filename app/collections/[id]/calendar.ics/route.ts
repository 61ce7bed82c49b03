import { collectionCalendarRoute } from "@/lib/routes/syndication";

export const GET = collectionCalendarRoute;
