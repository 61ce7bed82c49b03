import "server-only";
import { z } from "zod";
import { defineRoute } from "@/lib/http/server/route";
import { perkSearchQuery } from "@/lib/schemas/perk-search-params";
import { walletPathSchema } from "@/lib/schemas/wallet-perks";
import { walletPerks } from "@/lib/search/wallet-perks";

// Any path segment reaches the handler: a malformed address is a 400 naming `address`, not an unknown resource.
const anyAddress = z.object({ address: z.string() });

/** The perks a wallet is eligible for: the API's (key, read budget) and the site's twin (keyless, read budget per client address). */
export const walletPerksRoute = (auth: "key" | "public") =>
  defineRoute(
    { auth, budget: "read", params: { schema: anyAddress, unknown: () => "address: missing" }, query: perkSearchQuery },
    ({ params, query }) => walletPerks(walletPathSchema.parse(params).address, query),
  );
