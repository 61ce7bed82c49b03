import {
  verificationNonceRequestSchema,
  verificationNonceResponseSchema,
  verificationRequestSchema,
  verificationResponseSchema,
} from "@/lib/schemas/verification";
import { rateLimitHeaders, error, tooManyRequests, badKey, serverErrors, notManager, unknownCollection } from "../shared";
import type { ZodOpenApiPathsObject } from "zod-openapi";

/** Ownership verification with Sign-In with Ethereum. */
export const verificationPaths = {
  "/api-gateway/verification/nonce": {
    post: {
      operationId: "getVerificationNonce",
      summary: "Start verifying a collection by its contract's owner",
      description:
        "For a collection the key's owner manages, on a synced chain: a one-time nonce and the Sign-In-with-Ethereum (EIP-4361) message naming the collection, chain and contract, to be signed by `Address` (`personal_sign`) and sent to `/api-gateway/verification/verify` within 10 minutes. On the write budget.",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: verificationNonceRequestSchema,
            examples: {
              start: { value: { PlatformNFTId: "k3JqSuoHKx2VrhiBfpKK", Address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" } },
            },
          },
        },
      },
      responses: {
        "200": {
          description: "The message to sign.",
          headers: rateLimitHeaders,
          content: { "application/json": { schema: verificationNonceResponseSchema } },
        },
        "400": error(
          400,
          "A malformed body, or a collection that cannot be synced (the reason is given).",
          'PlatformNFTId: cannot be verified: not synced: "Solana" is not an EVM chain the service syncs',
        ),
        "401": badKey,
        "403": notManager,
        "404": unknownCollection,
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
  "/api-gateway/verification/verify": {
    post: {
      operationId: "verifyCollection",
      summary: "Verify a collection with a message signed by its contract's owner",
      description:
        "Checks the message (its domain is this host, its chain and statement name the collection's chain and contract, its nonce was issued to this account for this collection, unused and unexpired), the signature (EOA, or ERC-1271 where the RPC allows), and that the signer is the contract's `owner()` at the current block. The collection then carries `Verified: true` and `VerifiedBy`; any other collection of the same contract loses them. The nonce is spent by the first attempt, whatever its outcome.",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: verificationRequestSchema,
            examples: {
              signed: {
                summary: "The message from the nonce answer, as signed, and its signature",
                value: {
                  PlatformNFTId: "k3JqSuoHKx2VrhiBfpKK",
                  Message: "localhost wants you to sign in with your Ethereum account: …",
                  Signature: `0x${"ab".repeat(65)}`,
                },
              },
            },
          },
        },
      },
      responses: {
        "200": {
          description: "Verified.",
          headers: rateLimitHeaders,
          content: { "application/json": { schema: verificationResponseSchema } },
        },
        "400": error(
          400,
          "A malformed, wrong-domain, wrong-chain, expired or replayed message.",
          "Message: its nonce is unknown, expired or already used; ask for a new one",
        ),
        "401": error(401, "The signature is not by the message's address.", "Signature: not a signature of this message by its address"),
        "403": error(
          403,
          "The signer is not the contract's owner(), or the key's owner does not manage the collection.",
          "Address: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 is not the contract's owner() (0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266)",
        ),
        "404": unknownCollection,
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
