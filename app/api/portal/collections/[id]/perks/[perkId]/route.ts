import { deletePerkRoute } from "@/lib/routes/collections";

export const DELETE = deletePerkRoute("session");
