import { z } from "zod";
import { CHAINS } from "./chains";
import { idField } from "./fields";
import { WALLET_EXAMPLE, walletAddressSchema } from "./wallet-perks";

/*
 * Holder sign-in (Sign-In-with-Ethereum) and perk claims: the wire shapes shared by the routes,
 * the OpenAPI document and the wallet page. DESIGN.md, "Holders"; docs/holders.md.
 */

/** Claim codes: no 0/O, 1/I/L, so a code read aloud or typed from a screen is not mistaken. */
export const CLAIM_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CLAIM_CODE_LENGTH = 10;

/** A code as typed: any case, spaces and dashes ignored (the page shows it as two groups of five). */
export const claimCodeSchema = z
  .string({ error: "expected a string" })
  .max(40, { error: "at most 40 characters" })
  .transform((code) => code.replace(/[\s-]/g, "").toUpperCase())
  .pipe(
    z
      .string()
      .length(CLAIM_CODE_LENGTH, { error: `Enter the ${CLAIM_CODE_LENGTH}-character code` })
      .regex(new RegExp(`^[${CLAIM_CODE_ALPHABET}]+$`), { error: "This is not a claim code: check it against the holder's screen" }),
  )
  .meta({ description: "The claim code, any case; spaces and dashes are ignored.", example: "K7QX4-MZP2H" });

/** "ABCDE-FGHIJ": how a code is shown. */
export const showCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

const chainIds = CHAINS.map((chain) => chain.id);

/** POST /api/holders/nonce: the wallet that will sign in, and the chain its wallet is on. */
export const holderNonceRequestSchema = z
  .strictObject({
    Address: walletAddressSchema,
    ChainId: z
      .number({ error: "expected a chain id" })
      .int()
      .refine((id) => chainIds.includes(id), { error: `must be one of the chains the service knows: ${chainIds.join(", ")}` })
      .meta({ example: 1 }),
  })
  .meta({ id: "HolderNonceRequest" });

export const holderNonceResponseSchema = z
  .object({
    Nonce: z.string(),
    Message: z.string().meta({ description: "The EIP-4361 message to sign with `personal_sign`, as it is." }),
    ExpiresAt: z.string().meta({ description: "ISO 8601; sign in before then, once." }),
  })
  .meta({ id: "HolderNonce" });
export type HolderNonce = z.output<typeof holderNonceResponseSchema>;

/** POST /api/holders/session: the signed message. */
export const holderSignInRequestSchema = z
  .strictObject({
    Message: z.string({ error: "expected a string" }).max(4_000, { error: "at most 4000 characters" }),
    Signature: z
      .string({ error: "expected a string" })
      .regex(/^0x[0-9a-fA-F]{130,}$/, { error: "must be a 0x-prefixed hex signature" })
      .max(20_000),
  })
  .meta({ id: "HolderSignInRequest" });

/** The signed-in holder: the wallets they proved, checksummed, oldest first. */
export const holderSessionSchema = z.object({ Wallets: z.array(z.string()) }).meta({ id: "HolderSession" });
export type HolderSession = z.output<typeof holderSessionSchema>;

/** A token id: a uint256 in decimal. */
const tokenIdSchema = z
  .string({ error: "expected the token id as a decimal string" })
  .regex(/^(0|[1-9][0-9]{0,77})$/, { error: "must be a token id: a whole number in decimal" })
  .refine((id) => BigInt(id) < 2n ** 256n, { error: "must be below 2^256" });

/** A token a one-time claim may name on the wallet page: the wallet's own, or a vault's that delegated it (`vault`, lower case). */
export type ClaimableToken = { id: string; vault?: string };

/** POST /api/holders/claims: the perk, the signed-in wallet that claims it, and for a one-time perk the token. */
export const claimRequestSchema = z
  .strictObject({
    PlatformPerkId: idField,
    Address: walletAddressSchema,
    TokenId: tokenIdSchema.optional().meta({ description: "Required for a one-time perk: the token it is claimed with." }),
    Vault: walletAddressSchema.optional().meta({
      description:
        "A wallet that delegated to `Address` through the delegate registry (delegate.xyz v2): the token (or the holdings) claimed with are the vault's.",
    }),
  })
  .meta({ id: "ClaimRequest" });
export type ClaimRequest = z.input<typeof claimRequestSchema>;

/** One claim, as the holder who made it and the collection's partner see it. */
export const claimSchema = z
  .object({
    ClaimId: z.string(),
    Code: z.string().meta({ description: "The claim code (10 characters); shown to the holder and the partner." }),
    PlatformNFTId: z.string(),
    PlatformPerkId: z.string(),
    PerkDescription: z.string().nullable().meta({ description: "The perk's ShortDescription; null once the perk is deleted." }),
    Chain: z.string().meta({ example: "Ethereum" }),
    ContractAddress: z.string(),
    TokenId: z.string().nullable().meta({ description: "The token claimed with (one-time perks); null for other perks." }),
    Wallet: z.string().meta({ description: "The claiming wallet, checksummed.", example: WALLET_EXAMPLE }),
    Vault: z.string().nullable().meta({
      description:
        "The vault whose token (or holdings) the wallet claimed with through a delegation, checksummed; null for the wallet's own.",
    }),
    Block: z.number().int().meta({ description: "The head block ownership was checked at." }),
    ClaimedAt: z.string().meta({ description: "ISO 8601." }),
    RedeemedAt: z.string().nullable().meta({ description: "ISO 8601; null until a partner redeems the code." }),
  })
  .meta({ id: "Claim" });
export type Claim = z.output<typeof claimSchema>;

export const claimListSchema = z.object({ Claims: z.array(claimSchema) }).meta({ id: "ClaimList" });
export type ClaimList = z.output<typeof claimListSchema>;

/** POST …/claims/redeem: the code a holder shows. */
export const redeemRequestSchema = z.strictObject({ Code: claimCodeSchema }).meta({ id: "RedeemRequest" });
export type RedeemRequest = z.input<typeof redeemRequestSchema>;

/** GET …/collections/{id}/claims: newest first, up to `limit` (default and most 1000); `format=csv` for a download. */
export const claimListQuerySchema = z.object({
  format: z.enum(["json", "csv"], { error: "must be json or csv" }).optional(),
});

/** The 404 of a code no claim of the caller's team has: guessed, mistyped or another team's alike. */
export const UNKNOWN_CODE = "Code: claim code not found among your team's claims; check it against the holder's screen";
