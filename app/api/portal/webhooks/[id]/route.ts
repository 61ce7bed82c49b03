import { deleteEndpointRoute } from "@/lib/routes/webhooks";

export const DELETE = deleteEndpointRoute("session");
