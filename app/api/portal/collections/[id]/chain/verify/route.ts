import { portalVerifyRoute } from "@/lib/http/server/verification-routes";

/** The sync panel's second verification step: the signed message, checked against the contract's owner(). */
export const POST = portalVerifyRoute;
