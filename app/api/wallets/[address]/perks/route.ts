import { walletPerksRoute } from "@/lib/routes/wallet-perks";

/** The wallet page's reads from the browser: the gateway's wallet perks, keyless. */
export const GET = walletPerksRoute("public");
