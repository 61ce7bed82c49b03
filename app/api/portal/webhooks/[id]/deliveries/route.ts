import { deliveriesRoute } from "@/lib/routes/webhooks";

export const GET = deliveriesRoute("session");
