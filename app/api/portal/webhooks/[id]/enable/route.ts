import { enableEndpointRoute } from "@/lib/routes/webhooks";

export const POST = enableEndpointRoute("session");
