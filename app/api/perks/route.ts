import { perkSearchRoute } from "@/lib/routes/search";

/** The perks page's searches from the browser: the gateway's perk search, keyless. */
export const GET = perkSearchRoute("public");
