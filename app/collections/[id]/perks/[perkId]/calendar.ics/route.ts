import { perkCalendarRoute } from "@/lib/routes/syndication";

export const GET = perkCalendarRoute;
