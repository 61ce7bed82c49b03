import { getAddress, isAddress } from "viem";

/**
 * Why a `ContractAddress` cannot be synced, or undefined when it can: 0x and 40 hex digits, and
 * when mixed-case, a valid EIP-55 checksum (a mistyped digit then shows instead of syncing another contract).
 */
export function addressProblem(address: string): string | undefined {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return `ContractAddress "${address.slice(0, 60)}" is not an EVM address (0x and 40 hex digits)`;
  if (!isAddress(address, { strict: true })) {
    return `ContractAddress "${address}" fails its EIP-55 checksum (expected ${getAddress(address)}); check it, or send it all in lower case`;
  }
  return undefined;
}
