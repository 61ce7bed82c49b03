import "server-only";
import { LRUCache } from "lru-cache";
import { getAddress } from "viem";
import { normalize } from "viem/ens";
import { ensClient, hasRpc } from "@/lib/chain/server/rpc";
import { processSlot } from "@/lib/process-slot";
import { chainOfLabel } from "@/lib/schemas/chains";

const ETHEREUM = chainOfLabel("Ethereum")!;

/** Primary names change rarely, and a wallet page asks for the wallet's and each vault's at once. */
export const ENS_NAME_TTL_MS = 10 * 60_000;
/** Names one page reads at most: the wallet and its first vaults; the rest keep their short address. */
export const ENS_NAMES_PER_PAGE = 21;
const NAME_CHARACTERS = 100;

const namesSlot = processSlot<LRUCache<string, { name: string | null }>>("ens-names.names");
const names = () => (namesSlot.value ??= new LRUCache({ max: 10_000, ttl: ENS_NAME_TTL_MS }));

/**
 * A name fit to show: normalized as ENS normalizes it (so a look-alike spelling that is not the
 * name itself is never shown) and short enough for a heading.
 */
function shown(name: string): string | null {
  try {
    return normalize(name) === name && name.length <= NAME_CHARACTERS ? name : null;
  } catch {
    return null;
  }
}

/**
 * The ENS primary names of `addresses` (reverse resolution on Ethereum through the universal
 * resolver, which checks the name's address points back), keyed by the lower-case address. The
 * read goes through the ENS client (CCIP-Read only under the outbound-URL policy) and is kept for
 * ENS_NAME_TTL_MS; an address whose read fails has no name this time and is asked again next time.
 * Without an Ethereum RPC there are none.
 */
export async function ensNamesOf(addresses: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!hasRpc(ETHEREUM)) return found;
  const wanted = [...new Set(addresses.map((address) => address.toLowerCase()))].slice(0, ENS_NAMES_PER_PAGE);
  await Promise.all(
    wanted.map(async (address) => {
      let entry = names().get(address);
      if (!entry) {
        const name = await ensClient(ETHEREUM)
          .getEnsName({ address: getAddress(address) })
          .catch(() => undefined);
        if (name === undefined) return;
        entry = { name: name ? shown(name) : null };
        names().set(address, entry);
      }
      if (entry.name) found.set(address, entry.name);
    }),
  );
  return found;
}
