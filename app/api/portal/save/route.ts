import { saveCollectionRoute } from "@/lib/routes/collections";

/** The editor saves through the API's create: the portal sends one Idempotency-Key per intended change. */
export const POST = saveCollectionRoute("session");
