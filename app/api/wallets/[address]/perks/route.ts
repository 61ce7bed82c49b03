import { walletPerksRoute } from "@/lib/holders/wallet-perks-route";

/** The wallet page's reads from the browser: the gateway's wallet perks, keyless. */
export const GET = walletPerksRoute("public");
