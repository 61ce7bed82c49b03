import { redeemRoute } from "@/lib/holders/partner-claim-routes";

/** The portal's "check a code" form. */
export const POST = redeemRoute("session");
