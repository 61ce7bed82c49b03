import { browseSearchRoute } from "@/lib/routes/search";

/** The browse page's search while typing: the gateway's search, keyless, in cards. */
export const GET = browseSearchRoute("public");
