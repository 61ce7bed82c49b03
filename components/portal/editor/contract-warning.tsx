"use client";

import { useWatch } from "react-hook-form";
import { addressProblem } from "@/lib/chain/address";
import { chainOfLabel } from "@/lib/schemas/chains";
import type { CollectionFormValues } from "@/lib/portal/collection-form";

/**
 * Warns, before saving, that a contract address on a chain the service syncs will not be synced:
 * not an address (`0x123`), or a mixed-case address whose EIP-55 checksum fails. Saving stays
 * allowed, as the API allows it; the collection then says why it is not synced.
 */
export function ContractWarning() {
  const [chain, address] = useWatch<CollectionFormValues, ["ContractChain", "ContractAddress"]>({
    name: ["ContractChain", "ContractAddress"],
  });
  const known = chainOfLabel(chain);
  const problem = known && address ? addressProblem(address.trim()) : undefined;
  if (!problem) return null;
  return (
    <p role="status" className="text-sm text-amber-800 sm:col-span-2 dark:text-amber-300">
      Not synced with {known!.label} if saved like this: {problem}.
    </p>
  );
}
