import "server-only";
import type { Hex } from "viem";
import { signInSite } from "@/lib/auth/sign-in-site";
import { defineRoute } from "@/lib/http/server/route";
import { jsonResponse, NO_STORE } from "@/lib/http/server/error-response";
import { enforceRateLimit } from "@/lib/http/server/rate-limit";
import { assertSameOrigin } from "@/lib/http/server/same-origin";
import { getDb } from "@/lib/db/client";
import { claimRequestSchema, holderNonceRequestSchema, holderSignInRequestSchema } from "@/lib/schemas/claims";
import { LIMITS } from "@/lib/schemas/limits";
import { forbidden } from "@/lib/errors";
import { claimPerk, NOT_SIGNED_IN_WALLET } from "./claim-perk";
import { endHolderSession, holderOf, requireHolder, sessionAnswer, walletLinksOf, walletsOf } from "./holder-session";
import { holderClaims } from "./holder-claims";
import { issueHolderNonce, signInHolder } from "./sign-in";

/*
 * The site's holder routes (/api/holders/…): keyless, budgeted per client address like every
 * public route, and on the holder's own cookie, never the partners' session. Writes check the
 * Origin, as the portal's do, since the cookie is sent cross-site too.
 */

export const holderNonceRoute = defineRoute(
  { auth: "public", budget: "write", body: { schema: holderNonceRequestSchema, maxBytes: LIMITS.smallBodyBytes } },
  async ({ request, body }) => {
    assertSameOrigin(request);
    return issueHolderNonce(body.Address, body.ChainId, signInSite(request));
  },
);

export const signInRoute = defineRoute(
  { auth: "public", budget: "write", body: { schema: holderSignInRequestSchema, maxBytes: LIMITS.smallBodyBytes } },
  async ({ request, body }) => {
    assertSameOrigin(request);
    const signedIn = await signInHolder(body.Message, body.Signature as Hex, signInSite(request).domain, await holderOf(request));
    const headers: Record<string, string> = { ...NO_STORE };
    if (signedIn.setCookie) headers["Set-Cookie"] = signedIn.setCookie;
    return jsonResponse(200, sessionAnswer(signedIn.wallets), headers);
  },
);

export const sessionRoute = defineRoute({ auth: "public", budget: "read" }, async ({ request }) => {
  const holderId = await requireHolder(request);
  return jsonResponse(200, sessionAnswer(await walletsOf(await getDb(), holderId)), NO_STORE);
});

export const signOutRoute = defineRoute({ auth: "public", budget: "write" }, async ({ request }) => {
  assertSameOrigin(request);
  return jsonResponse(200, { Wallets: [] }, { ...NO_STORE, "Set-Cookie": await endHolderSession(request) });
});

/**
 * A claim: past the client address's budget, the holder's own write budget and then, once the
 * wallet is known to be one the holder signed in with, the wallet's (`holder:`, `wallet:`), so
 * neither many addresses nor many wallets let one holder claim or probe faster than one caller may
 * write, and nobody spends the budget of a wallet they did not sign in with.
 */
export const claimRoute = defineRoute(
  { auth: "public", budget: "write", body: { schema: claimRequestSchema, maxBytes: LIMITS.smallBodyBytes } },
  async ({ request, body }) => {
    assertSameOrigin(request);
    const holderId = await requireHolder(request);
    await enforceRateLimit("write", `holder:${holderId}`);
    const wallets = await walletLinksOf(await getDb(), holderId);
    if (!wallets.some((wallet) => wallet.address === body.Address)) throw forbidden(NOT_SIGNED_IN_WALLET);
    await enforceRateLimit("write", `wallet:${body.Address}`);
    const claim = await claimPerk(holderId, wallets, body);
    return jsonResponse(200, claim, NO_STORE);
  },
);

export const holderClaimsRoute = defineRoute({ auth: "public", budget: "read" }, async ({ request }) => {
  const holderId = await requireHolder(request);
  return jsonResponse(200, await holderClaims(holderId), NO_STORE);
});
