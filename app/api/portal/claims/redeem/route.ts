import { redeemRoute } from "@/lib/routes/partner-claims";

/** The portal's "check a code" form. */
export const POST = redeemRoute("session");
