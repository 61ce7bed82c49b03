import { claimListRoute } from "@/lib/routes/partner-claims";

/** The portal's Claims page: the collection's claims, JSON or a CSV download. */
export const GET = claimListRoute("session");
