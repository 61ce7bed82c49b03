import { portalNonceRoute } from "@/lib/http/server/verification-routes";

/** The sync panel's first verification step: a one-time message for the wallet to sign. */
export const POST = portalNonceRoute;
