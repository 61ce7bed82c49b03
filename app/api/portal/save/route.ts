import { saveCollectionRoute } from "@/lib/http/server/collection-routes";

/** The editor saves through the API's create: the portal sends one Idempotency-Key per intended change. */
export const POST = saveCollectionRoute("session");
