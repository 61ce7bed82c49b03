import { portalVerifyRoute } from "@/lib/routes/verification";

/** The sync panel's second verification step: the signed message, checked against the contract's owner(). */
export const POST = portalVerifyRoute("session");
