import "server-only";
import { getAddress } from "viem";
import { normalize } from "viem/ens";
import { chainOfLabel } from "@/lib/schemas/chains";
import { ensClient, hasRpc } from "@/lib/chain/server/rpc";
import { walletAddressSchema } from "@/lib/schemas/wallet-perks";

/** What a typed or pasted wallet names: the address (lower case), with the ENS name it came from; or why it names none. */
export type WalletLookup = { address: string; checksummed: string; ensName?: string } | { problem: string };

const ETHEREUM = chainOfLabel("Ethereum")!;
const LOOKS_LIKE_HEX = /^0x[0-9a-fA-F]*$/;

/** An ENS name's address on Ethereum, read through the configured RPC; the page's other chain read is the delegate registry's (lib/holders/delegations.ts). */
async function resolveEns(text: string): Promise<WalletLookup> {
  if (!hasRpc(ETHEREUM)) {
    return { problem: `ENS names cannot be looked up here: no Ethereum RPC is configured. Paste the wallet's 0x address instead.` };
  }
  let name: string;
  try {
    name = normalize(text);
  } catch {
    return { problem: `"${text.slice(0, 100)}" is not a valid ENS name.` };
  }
  let resolved: string | null;
  try {
    resolved = await ensClient(ETHEREUM).getEnsAddress({ name });
  } catch {
    return { problem: `The ENS name ${name} could not be looked up just now. Try again, or paste the wallet's 0x address.` };
  }
  if (!resolved) return { problem: `The ENS name ${name} has no address set.` };
  return { address: resolved.toLowerCase(), checksummed: getAddress(resolved), ensName: name };
}

/**
 * Reads what a visitor typed: a 0x address (any case; mixed case must be a valid EIP-55 checksum,
 * as the API requires) or an ENS name (anything with a dot), resolved when an Ethereum RPC is set.
 */
export async function lookUpWallet(typed: string): Promise<WalletLookup> {
  const text = typed.trim();
  if (text === "") return { problem: "Type or paste a wallet address (0x…) or an ENS name." };
  if (LOOKS_LIKE_HEX.test(text)) {
    const parsed = walletAddressSchema.safeParse(text);
    if (!parsed.success) return { problem: `${text.slice(0, 100)} ${parsed.error.issues[0]!.message}.` };
    return { address: parsed.data, checksummed: getAddress(parsed.data) };
  }
  if (text.includes(".")) return resolveEns(text);
  return { problem: `"${text.slice(0, 100)}" is neither a wallet address (0x and 40 hex digits) nor an ENS name (like name.eth).` };
}
