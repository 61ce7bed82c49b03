import "server-only";
import type { Hex } from "viem";
import { domainOf, signInSite } from "@/lib/auth/sign-in-site";
import { getDb } from "@/lib/db/client";
import { claimPerk } from "@/lib/holders/claim-perk";
import { holderClaims } from "@/lib/holders/holder-claims";
import { endHolderSession, sessionAnswer, walletsOf } from "@/lib/holders/holder-session";
import { issueHolderNonce, signInHolder } from "@/lib/holders/sign-in";
import { jsonResponse, NO_STORE } from "@/lib/http/server/error-response";
import { defineRoute } from "@/lib/http/server/route";
import { claimRequestSchema, holderNonceRequestSchema, holderSignInRequestSchema } from "@/lib/schemas/claims";
import { smallBody } from "./route-declarations";

/*
 * The site's holder routes (/api/holders/…), behind the holder gate (lib/http/server/route-auth.ts):
 * the client address's budget, the same origin on writes, the holder's own cookie (never the
 * partners' session) and the holder's budget; a claim also names the wallet it acts for.
 */

/** A sign-in message for the holder's wallet to sign (Sign-In-with-Ethereum). */
export const holderNonceRoute = (auth: "holder") =>
  defineRoute({ auth, guests: true, budget: "write", body: smallBody(holderNonceRequestSchema) }, async ({ request, body }) =>
    issueHolderNonce(body.Address, body.ChainId, signInSite(request)),
  );

/** A signed message signs in, or links another wallet to the holder already signed in. */
export const signInRoute = (auth: "holder") =>
  defineRoute({ auth, guests: true, budget: "write", body: smallBody(holderSignInRequestSchema) }, async ({ request, account, body }) => {
    const signedIn = await signInHolder(body.Message, body.Signature as Hex, domainOf(request), account.holderId || null);
    const headers: Record<string, string> = { ...NO_STORE };
    if (signedIn.setCookie) headers["Set-Cookie"] = signedIn.setCookie;
    return jsonResponse(200, sessionAnswer(signedIn.wallets), headers);
  });

/** Who is signed in: the holder's wallets. */
export const sessionRoute = (auth: "holder") =>
  defineRoute({ auth, budget: "read" }, async ({ account }) =>
    jsonResponse(200, sessionAnswer(await walletsOf(await getDb(), account.holderId)), NO_STORE),
  );

export const signOutRoute = (auth: "holder") =>
  defineRoute({ auth, guests: true, budget: "write" }, async ({ request }) =>
    jsonResponse(200, { Wallets: [] }, { ...NO_STORE, "Set-Cookie": await endHolderSession(request) }),
  );

/**
 * A claim: past the client address's budget, the holder's own and then, once the wallet is known
 * to be one the holder signed in with, the wallet's, so neither many addresses nor many wallets
 * let one holder claim or probe faster than one caller may write, and nobody spends the budget of
 * a wallet they did not sign in with.
 */
export const claimRoute = (auth: "holder") =>
  defineRoute({ auth, budget: "write", body: smallBody(claimRequestSchema), wallet: (body) => body.Address }, async ({ account, body }) =>
    jsonResponse(200, await claimPerk(account.holderId, account.wallets, body), NO_STORE),
  );

/** The signed-in holder's claims. */
export const holderClaimsRoute = (auth: "holder") =>
  defineRoute({ auth, budget: "read" }, async ({ account }) => jsonResponse(200, await holderClaims(account.holderId), NO_STORE));
