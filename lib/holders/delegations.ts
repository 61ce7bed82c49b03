import "server-only";
import { incomingDelegations, type RegistryRead } from "@/lib/chain/server/delegate-registry";
import type { ChainDelegation } from "@/lib/chain/server/delegated-holdings";
import { hasRpc } from "@/lib/chain/server/rpc";
import { readRecent } from "@/lib/db/read-cache";
import { env } from "@/lib/env";
import { CHAINS, chainKeyOf, type ChainInfo } from "@/lib/schemas/chains";

/** One chain's registry read for a wallet, as eligibility uses it. */
export type ChainRead = { chain: ChainInfo; read: RegistryRead };

/**
 * The delegations `wallet` received on every chain with an RPC, each read at that chain's head
 * through its client (and so its request budget), and shared for DELEGATION_CACHE_MS: within
 * that bound a new delegation or a revocation may not count yet. A chain whose registry cannot be
 * read gives none, with the reason.
 */
export async function walletDelegations(wallet: string): Promise<ChainRead[]> {
  const maxAgeMs = env().DELEGATION_CACHE_MS;
  return Promise.all(
    CHAINS.filter(hasRpc).map(async (chain) => ({
      chain,
      read: await readRecent(JSON.stringify(["delegations", chain.id, wallet]), maxAgeMs, () => incomingDelegations(chain, wallet)),
    })),
  );
}

/** The delegations of every chain read, each with the key of its chain, for the index. */
export const countedDelegations = (reads: ChainRead[]): ChainDelegation[] =>
  reads.flatMap(({ chain, read }) => ("delegations" in read ? read.delegations.map((d) => ({ ...d, chainKey: chainKeyOf(chain) })) : []));
