import { getAddress, isAddress } from "viem";
import { z } from "zod";
import { perkSearchDocSchema } from "./perk-search-params";

export const WALLET_EXAMPLE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/**
 * A wallet in a path: 0x and 40 hex digits, all in one case or with a valid EIP-55 checksum (a
 * mistyped digit is refused rather than answered for another wallet). Read in lower case, as the
 * holdings index stores holders.
 */
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const walletAddressSchema = z
  .string()
  .regex(HEX_ADDRESS, { error: "must be an EVM address (0x and 40 hex digits)" })
  // zod runs this after a failed pattern too: only a well-formed address has a checksum to check.
  .refine((address) => !HEX_ADDRESS.test(address) || isAddress(address, { strict: true }), {
    error: (issue) => `fails its EIP-55 checksum (expected ${getAddress(String(issue.input))}); check it, or send it all in lower case`,
  })
  .transform((address) => address.toLowerCase())
  .meta({ description: "The wallet: 0x and 40 hex digits; mixed case must be a valid EIP-55 checksum.", example: WALLET_EXAMPLE });

/** `{address}` of /api-gateway/wallets/{address}/perks and its site twin. */
export const walletPathSchema = z.object({ address: walletAddressSchema });

/** What one vault that delegated to the wallet adds to its holdings of a collection (docs/holders.md, "Delegation"). */
export const delegatedHoldingSchema = z
  .object({
    Vault: z.string().meta({ description: "The wallet that delegated (delegate registry v2), checksummed." }),
    Holds: z.number().int().meta({ description: "The vault's tokens of the collection that count for this wallet, per the index." }),
    Block: z.number().int().meta({ description: "The block of the collection's chain the delegation was read at." }),
  })
  .meta({ id: "DelegatedHolding" });
export type DelegatedHolding = z.output<typeof delegatedHoldingSchema>;

/** A wallet's figures for one perk, from the holdings index (DESIGN.md, "Holders": Eligibility). */
export const eligibilitySchema = z
  .object({
    Eligible: z.boolean().meta({ description: "`Holds` is at least `TokensRequired`." }),
    Holds: z.number().int().meta({
      description:
        "Tokens of the perk's collection that count for the wallet on its chain, per the index (ERC-1155: summed over token ids): its own, plus those of vaults that delegated to it (listed in `Delegated`).",
    }),
    Delegated: z.array(delegatedHoldingSchema).meta({
      description: "The part of `Holds` that vaults delegated to the wallet through the delegate registry, per vault; empty when none.",
    }),
    TokensRequired: z.number().int().meta({ description: "The perk's `TokensRequired`; 1 when the perk has none, 0 means anyone." }),
    Block: z.number().int().meta({ description: "The block of the collection's chain the figures are true at: the last block indexed." }),
  })
  .meta({ id: "Eligibility" });

export const walletPerkDocSchema = perkSearchDocSchema.extend({ Eligibility: eligibilitySchema }).meta({ id: "WalletPerk" });
export type WalletPerkDoc = z.output<typeof walletPerkDocSchema>;

/** How the delegate registry of one chain was read for the wallet. */
export const delegationReadSchema = z
  .object({
    Chain: z.string().meta({ example: "Ethereum" }),
    Block: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The block the registry was read at; null when the chain's head could not be read." }),
    Delegations: z
      .number()
      .int()
      .meta({ description: "Delegations counted: full rights, for all, a contract or a token, from another wallet." }),
    Problem: z.string().optional().meta({
      description:
        "Why the registry gave nothing usable on this chain (it reverted, is absent, answered garbage, or the RPC did not answer): no delegated holdings count there.",
    }),
  })
  .meta({ id: "DelegationRead" });
export type DelegationRead = z.output<typeof delegationReadSchema>;

export const walletPerksResponseSchema = z
  .object({
    Address: z.string().meta({ description: "The wallet, EIP-55 checksummed." }),
    Delegations: z.array(delegationReadSchema).meta({
      description: "The delegate registry (delegate.xyz v2) as read on each chain with an RPC, shared for up to DELEGATION_CACHE_MS.",
    }),
    NumPages: z.number().int().meta({
      description: "ceil(min(eligible perks, 10000) / 20); 0 when none. A page past the first 10,000 answers Docs: [].",
    }),
    Docs: z.array(walletPerkDocSchema).meta({ description: "One page of the perks the wallet is eligible for." }),
    Close: z.array(walletPerkDocSchema).meta({
      description:
        "Up to 20 perks of collections the wallet holds some tokens of, but fewer than `TokensRequired`: fewest tokens missing first. The same on every page.",
    }),
  })
  .meta({ id: "WalletPerks" });
export type WalletPerksResult = z.output<typeof walletPerksResponseSchema>;
