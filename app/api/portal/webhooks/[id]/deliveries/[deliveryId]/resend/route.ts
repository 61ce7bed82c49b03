import { resendDeliveryRoute } from "@/lib/routes/webhooks";

export const POST = resendDeliveryRoute("session");
