import { holderNonceRoute } from "@/lib/routes/holders";

/** A sign-in message for the holder's wallet to sign (Sign-In-with-Ethereum). */
export const POST = holderNonceRoute("holder");
