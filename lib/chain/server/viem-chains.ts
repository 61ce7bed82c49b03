import "server-only";
import type { Chain } from "viem";
import { arbitrum, avalanche, base, foundry, mainnet, optimism, polygon } from "viem/chains";

/** viem's definition of each chain of the table (lib/schemas/chains.ts), by EIP-155 id. */
export const VIEM_CHAINS: ReadonlyMap<number, Chain> = new Map(
  [mainnet, polygon, base, arbitrum, optimism, avalanche, foundry].map((chain) => [chain.id, chain]),
);
