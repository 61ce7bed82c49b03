import { managedCollectionsRoute } from "@/lib/routes/collections";

/** My collections: `?q=&status=&sort=&page=`, read with the page's own URL parsers. */
export const GET = managedCollectionsRoute("session");
