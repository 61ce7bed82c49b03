import "server-only";
import type { Hex } from "viem";
import { domainOf, signInSite } from "@/lib/auth/sign-in-site";
import { issueVerificationNonce, verifyOwnership } from "@/lib/collections/contract-verification";
import { defineRoute } from "@/lib/http/server/route";
import {
  portalVerificationNonceRequestSchema,
  portalVerificationRequestSchema,
  verificationNonceRequestSchema,
  verificationRequestSchema,
} from "@/lib/schemas/verification";
import { collectionPath } from "./collection-path";
import { smallBody } from "./route-declarations";

/* Contract verification: the API's two steps (key), then the portal's sync panel's (session). */

export const nonceRoute = (auth: "key") =>
  defineRoute({ auth, budget: "write", body: smallBody(verificationNonceRequestSchema) }, ({ account, body, request }) =>
    issueVerificationNonce(account, body.PlatformNFTId, body.Address, signInSite(request)),
  );

export const verifyRoute = (auth: "key") =>
  defineRoute({ auth, budget: "write", body: smallBody(verificationRequestSchema) }, ({ account, body, request }) =>
    verifyOwnership(account, body.PlatformNFTId, body.Message, body.Signature as Hex, domainOf(request)),
  );

/*
 * The portal's sync panel takes the same two steps on the partner's session, for the collection in
 * its path: the same checks, the same domain rule, answers replayed for a resent Idempotency-Key.
 * Another team's collection is the portal's 404 here (the caller has no key), the API's 403 above.
 */
const portalStep = { budget: "write", idempotent: true, params: collectionPath } as const;

export const portalNonceRoute = (auth: "session") =>
  defineRoute({ auth, ...portalStep, body: smallBody(portalVerificationNonceRequestSchema) }, ({ account, params, body, request }) =>
    issueVerificationNonce(account, params.id, body.Address, signInSite(request)),
  );

export const portalVerifyRoute = (auth: "session") =>
  defineRoute({ auth, ...portalStep, body: smallBody(portalVerificationRequestSchema) }, ({ account, params, body, request }) =>
    verifyOwnership(account, params.id, body.Message, body.Signature as Hex, domainOf(request)),
  );
