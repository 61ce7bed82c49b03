import "server-only";
import type { Hex } from "viem";
import { defineRoute } from "@/lib/http/server/route";
import { LIMITS } from "@/lib/schemas/limits";
import { verificationNonceRequestSchema, verificationRequestSchema } from "@/lib/schemas/verification";
import { issueVerificationNonce, verifyOwnership } from "@/lib/collections/contract-verification";

/** The domain a message must name: the host the caller reached, as a wallet shows it. */
const domainOf = (request: Request) => new URL(request.url).host;

export const nonceRoute = defineRoute(
  { auth: "key", budget: "write", body: { schema: verificationNonceRequestSchema, maxBytes: LIMITS.smallBodyBytes } },
  ({ account, body, request }) =>
    issueVerificationNonce(account.userId, body.PlatformNFTId, body.Address, domainOf(request), new URL(request.url).origin),
);

export const verifyRoute = defineRoute(
  { auth: "key", budget: "write", body: { schema: verificationRequestSchema, maxBytes: LIMITS.smallBodyBytes } },
  ({ account, body, request }) =>
    verifyOwnership(account.userId, body.PlatformNFTId, body.Message, body.Signature as Hex, domainOf(request)),
);
