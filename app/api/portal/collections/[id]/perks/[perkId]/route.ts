import { deletePerkRoute } from "@/lib/http/server/collection-routes";

export const DELETE = deletePerkRoute("session");
