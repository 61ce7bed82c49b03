import { z } from "zod";

/** What the portal's sync panel and the public collection page show of a collection's contract (GET /api/portal/collections/{id}/chain). */
export const chainFactsSchema = z.object({
  chain: z.string(),
  address: z.string(),
  status: z.enum(["Synced", "Updating"]),
  /** Why it is not synced, in words; null when nothing is wrong. */
  reason: z.string().nullable(),
  /** False when nothing can be synced (no contract, a label or address that cannot be, a chain without RPC). */
  syncable: z.boolean(),
  lastBlock: z.number().nullable(),
  /** When the sync last caught up (ms since the epoch). */
  syncedAt: z.number().nullable(),
  standard: z.enum(["ERC721", "ERC1155"]).nullable(),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  owner: z.string().nullable(),
  tokensIssued: z.number().nullable(),
  holders: z.number().nullable(),
  explorerUrl: z.string().nullable(),
  /** The owner's address that verified this collection; null when it is not verified. */
  verifiedBy: z.string().nullable(),
  /** Another collection of the same contract holds the badge (verifying this one moves it here). */
  verifiedElsewhere: z.boolean(),
});

export type ChainFacts = z.infer<typeof chainFactsSchema>;
