import "server-only";
import type { Hex } from "viem";
import { domainOf, signInSite } from "@/lib/auth/sign-in-site";
import { issueVerificationNonce, verifyOwnership } from "@/lib/collections/contract-verification";
import { defineRoute } from "@/lib/http/server/route";
import { LIMITS } from "@/lib/schemas/limits";
import {
  portalVerificationNonceRequestSchema,
  portalVerificationRequestSchema,
  verificationNonceRequestSchema,
  verificationRequestSchema,
} from "@/lib/schemas/verification";
import { collectionPath } from "./collection-path";

/* Contract verification: the API's two steps (key), then the portal's sync panel's (session). */

export const nonceRoute = (auth: "key") =>
  defineRoute(
    { auth, budget: "write", body: { schema: verificationNonceRequestSchema, maxBytes: LIMITS.smallBodyBytes } },
    ({ account, body, request }) => issueVerificationNonce(account, body.PlatformNFTId, body.Address, signInSite(request)),
  );

export const verifyRoute = (auth: "key") =>
  defineRoute(
    { auth, budget: "write", body: { schema: verificationRequestSchema, maxBytes: LIMITS.smallBodyBytes } },
    ({ account, body, request }) => verifyOwnership(account, body.PlatformNFTId, body.Message, body.Signature as Hex, domainOf(request)),
  );

/*
 * The portal's sync panel takes the same two steps on the partner's session, for the collection in
 * its path: the same checks, the same domain rule, answers replayed for a resent Idempotency-Key.
 * Another team's collection is the portal's 404 here (the caller has no key), the API's 403 above.
 */

export const portalNonceRoute = (auth: "session") =>
  defineRoute(
    {
      auth,
      budget: "write",
      idempotent: true,
      params: collectionPath,
      body: { schema: portalVerificationNonceRequestSchema, maxBytes: LIMITS.smallBodyBytes },
    },
    ({ account, params, body, request }) => issueVerificationNonce(account, params.id, body.Address, signInSite(request)),
  );

export const portalVerifyRoute = (auth: "session") =>
  defineRoute(
    {
      auth,
      budget: "write",
      idempotent: true,
      params: collectionPath,
      body: { schema: portalVerificationRequestSchema, maxBytes: LIMITS.smallBodyBytes },
    },
    ({ account, params, body, request }) => verifyOwnership(account, params.id, body.Message, body.Signature as Hex, domainOf(request)),
  );
