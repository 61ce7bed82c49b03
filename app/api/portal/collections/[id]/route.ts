import { deleteCollectionRoute, managedCollectionRoute } from "@/lib/routes/collections";

export const GET = managedCollectionRoute("session");
export const DELETE = deleteCollectionRoute("session");
