import { testEndpointRoute } from "@/lib/routes/webhooks";

export const POST = testEndpointRoute("session");
