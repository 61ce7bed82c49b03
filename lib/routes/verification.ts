import "server-only";
import type { Hex } from "viem";
import { signInSite } from "@/lib/auth/sign-in-site";
import { defineRoute } from "@/lib/http/server/route";
import { idPathSchema } from "@/lib/schemas/path-id";
import { LIMITS } from "@/lib/schemas/limits";
import {
  portalVerificationNonceRequestSchema,
  portalVerificationRequestSchema,
  verificationNonceRequestSchema,
  verificationRequestSchema,
} from "@/lib/schemas/verification";
import { issueVerificationNonce, verifyOwnership } from "@/lib/collections/contract-verification";

export const nonceRoute = defineRoute(
  { auth: "key", budget: "write", body: { schema: verificationNonceRequestSchema, maxBytes: LIMITS.smallBodyBytes } },
  ({ account, body, request }) => issueVerificationNonce(account, body.PlatformNFTId, body.Address, signInSite(request)),
);

export const verifyRoute = defineRoute(
  { auth: "key", budget: "write", body: { schema: verificationRequestSchema, maxBytes: LIMITS.smallBodyBytes } },
  ({ account, body, request }) =>
    verifyOwnership(account, body.PlatformNFTId, body.Message, body.Signature as Hex, signInSite(request).domain),
);

/*
 * The portal's sync panel takes the same two steps on the partner's session, for the collection in
 * its path: the same checks, the same domain rule, answers replayed for a resent Idempotency-Key.
 * Another team's collection is the portal's 404 here (the caller has no key), the API's 403 above.
 */
const collectionPath = { schema: idPathSchema, unknown: ({ id }: Record<string, string>) => `PlatformNFTId: collection "${id}" not found` };

export const portalNonceRoute = defineRoute(
  {
    auth: "session",
    budget: "write",
    idempotent: true,
    params: collectionPath,
    body: { schema: portalVerificationNonceRequestSchema, maxBytes: LIMITS.smallBodyBytes },
  },
  ({ account, params, body, request }) => issueVerificationNonce(account, params.id, body.Address, signInSite(request)),
);

export const portalVerifyRoute = defineRoute(
  {
    auth: "session",
    budget: "write",
    idempotent: true,
    params: collectionPath,
    body: { schema: portalVerificationRequestSchema, maxBytes: LIMITS.smallBodyBytes },
  },
  ({ account, params, body, request }) =>
    verifyOwnership(account, params.id, body.Message, body.Signature as Hex, signInSite(request).domain),
);
