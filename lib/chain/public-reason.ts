import type { ChainFacts } from "@/lib/schemas/chain-facts";
import { chainOfLabel } from "@/lib/schemas/chains";
import { addressProblem } from "./address";

/**
 * Why a collection's chain data is missing, in words for a visitor of the public page. The sync's
 * own reason names variables and RPC answers: it belongs to the portal and the docs, not here.
 */
export function publicSyncReason(facts: Pick<ChainFacts, "chain" | "address" | "reason" | "syncable">): string | null {
  if (!facts.reason) return null;
  const chain = chainOfLabel(facts.chain);
  if (!chain) return `${facts.chain.trim() || "This chain"} is not a chain this site reads`;
  if (facts.syncable) return `Chain data for ${chain.label} could not be read just now; it is tried again`;
  if (addressProblem(facts.address)) return `The contract address is not a valid ${chain.label} address`;
  return `Chain data is not available for ${chain.label} here`;
}
