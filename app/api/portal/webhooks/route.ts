import { createEndpointRoute, listEndpointsRoute } from "@/lib/routes/webhooks";

export const GET = listEndpointsRoute("session");
export const POST = createEndpointRoute("session");
