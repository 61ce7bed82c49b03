import "server-only";
import { defineRoute, queryOf } from "@/lib/http/server/route";
import { NO_STORE } from "@/lib/http/server/error-response";
import { enforceRateLimit } from "@/lib/http/server/rate-limit";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { claimListQuerySchema, redeemRequestSchema } from "@/lib/schemas/claims";
import { claimsCsv, collectionClaims, redeemCode } from "@/lib/holders/partner-claims";
import { collectionPath } from "./collection-path";
import { smallBody } from "./route-declarations";

/** A collection's claims, for the API (key) and the portal (session): JSON, or CSV with `format=csv`. */
export const claimListRoute = (auth: "key" | "session") =>
  defineRoute(
    { auth, budget: "read", params: collectionPath, query: queryOf(claimListQuerySchema) },
    async ({ account, params, query }) => {
      const list = await collectionClaims(account.teamId, params.id);
      if (query.format !== "csv") return list;
      const date = new Date().toISOString().slice(0, 10);
      return new Response(claimsCsv(list), {
        headers: {
          ...NO_STORE,
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="claims-${params.id}-${date}.csv"`,
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  );

/**
 * Redeems a code (an editor's power): past the team's write budget, the client address's too, so a
 * venue's device cannot be used to try codes faster than any one caller may write.
 */
export const redeemRoute = (auth: "key" | "session") =>
  defineRoute({ auth, budget: "write", body: smallBody(redeemRequestSchema) }, async ({ account, body, request }) => {
    await enforceRateLimit("write", `ip:${clientIp(request)}`);
    return redeemCode(account, body.Code);
  });
