import { z } from "zod";
import { claimListQuerySchema, claimListSchema, claimSchema, redeemRequestSchema, UNKNOWN_CODE, type Claim } from "@/lib/schemas/claims";
import { rateLimitHeaders, json, error, tooManyRequests, idParam, badKey, serverErrors, unknownCollection } from "../shared";
import type { ZodOpenApiPathsObject } from "zod-openapi";

const claimExample: Claim = {
  ClaimId: "Qm8pXc2LrT5vNw7yZa1B",
  Code: "K7QX4MZP2H",
  PlatformNFTId: "k3JqSuoHKx2VrhiBfpKK",
  PlatformPerkId: "p9LmNq2RsT4uVw6XyZ0a",
  PerkDescription: "Backstage pass",
  Chain: "Ethereum",
  ContractAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  TokenId: "42",
  Wallet: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  Vault: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  Block: 21400000,
  ClaimedAt: "2026-11-27T10:00:00.000Z",
  RedeemedAt: null,
};

/** Partners' claims: the list per collection and redeeming a code a holder shows. */
export const claimsPaths = {
  "/api-gateway/collections/{PlatformNFTId}/claims": {
    get: {
      operationId: "getCollectionClaims",
      summary: "List the claims of a collection's perks",
      description:
        "Every claim holders made of the collection's perks, newest first (at most 10,000): the code, the wallet, the token (one-time perks), the block ownership was checked at, when it was claimed and when redeemed. `format=csv` answers the same as a CSV download (`text/csv`, a header row). Only for keys of the team that owns the collection.",
      requestParams: { path: z.object({ PlatformNFTId: idParam("k3JqSuoHKx2VrhiBfpKK") }), query: claimListQuerySchema },
      responses: {
        "200": {
          description: "The claims.",
          headers: rateLimitHeaders,
          content: { ...json(claimListSchema, { Claims: [claimExample] }), "text/csv": { schema: { type: "string" } } },
        },
        "400": error(400, "`format` is neither json nor csv, or another query parameter is sent.", "format: must be json or csv"),
        "401": badKey,
        "403": error(
          403,
          "The key's team does not own that collection.",
          'PlatformNFTId: you are not a manager of collection "k3JqSuoHKx2VrhiBfpKK"',
        ),
        "404": unknownCollection,
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
  "/api-gateway/claims/redeem": {
    post: {
      operationId: "redeemClaimCode",
      summary: "Redeem a claim code a holder shows",
      description:
        "Marks the claim with this code redeemed, once, and raises `claim.redeemed`. Only codes of claims on the team's own collections are found: any other code, guessed or another team's, is a 404. A write key; on the write budget and the client address's write budget.",
      requestBody: {
        required: true,
        content: { "application/json": { schema: redeemRequestSchema, examples: { redeem: { value: { Code: "K7QX4-MZP2H" } } } } },
      },
      responses: {
        "200": {
          description: "Redeemed now: the claim, with `RedeemedAt`.",
          headers: rateLimitHeaders,
          content: json(claimSchema, { ...claimExample, RedeemedAt: "2026-11-27T12:00:00.000Z" }),
        },
        "400": error(400, "A body that is not a code.", "Code: This is not a claim code: check it against the holder's screen"),
        "401": badKey,
        "403": error(403, "A read key.", "This needs the editor role in the team (or a stronger one)"),
        "404": error(404, "No claim of the team's perks has this code.", UNKNOWN_CODE),
        "409": error(
          409,
          "The code was redeemed before; the answer says when.",
          "Code: already redeemed at 2026-11-27T12:00:00.000Z; a code is redeemed once",
        ),
        "429": tooManyRequests,
        ...serverErrors,
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
