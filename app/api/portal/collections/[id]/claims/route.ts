import { claimListRoute } from "@/lib/holders/partner-claim-routes";

/** The portal's Claims page: the collection's claims, JSON or a CSV download. */
export const GET = claimListRoute("session");
