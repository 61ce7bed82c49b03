import { portalNonceRoute } from "@/lib/routes/verification";

/** The sync panel's first verification step: a one-time message for the wallet to sign. */
export const POST = portalNonceRoute("session");
