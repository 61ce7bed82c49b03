import { publicPerkRoute } from "@/lib/routes/collections";

/** One perk of the collection page, keyless: its "Show more" reads the texts the page cut. */
export const GET = publicPerkRoute("public");
