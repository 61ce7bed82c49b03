import { z } from "zod";
import { idField } from "./fields";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, { error: "must be an EVM address (0x and 40 hex digits)" });

/** POST /api-gateway/verification/nonce: the collection to verify and the wallet that will sign. */
export const verificationNonceRequestSchema = z
  .strictObject({
    PlatformNFTId: idField.meta({ example: "k3JqSuoHKx2VrhiBfpKK" }),
    Address: address.meta({
      description: "The wallet that will sign: the contract's `owner()`.",
      example: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    }),
  })
  .meta({ id: "VerificationNonceRequest" });

export const verificationNonceResponseSchema = z
  .object({
    Nonce: z.string(),
    Message: z.string().meta({ description: "The EIP-4361 message to sign with `personal_sign`, as it is." }),
    ExpiresAt: z.string().meta({ description: "ISO 8601; the message must be verified before then, once." }),
  })
  .meta({ id: "VerificationNonce" });

/** POST /api-gateway/verification/verify: the message as signed and its signature. */
export const verificationRequestSchema = z
  .strictObject({
    PlatformNFTId: idField,
    Message: z.string().max(4_000, { error: "at most 4000 characters" }),
    Signature: z
      .string()
      .regex(/^0x[0-9a-fA-F]{130,}$/, { error: "must be a 0x-prefixed hex signature" })
      .max(20_000),
  })
  .meta({ id: "VerificationRequest" });

export const verificationResponseSchema = z
  .object({ PlatformNFTId: z.string(), Verified: z.literal(true), VerifiedBy: z.string() })
  .meta({ id: "Verification" });

/** The portal's two steps (POST /api/portal/collections/{id}/chain/nonce and …/verify): the collection is in the path. */
export const portalVerificationNonceRequestSchema = verificationNonceRequestSchema.omit({ PlatformNFTId: true });
export const portalVerificationRequestSchema = verificationRequestSchema.omit({ PlatformNFTId: true });
export type VerificationNonce = z.output<typeof verificationNonceResponseSchema>;
export type Verification = z.output<typeof verificationResponseSchema>;
