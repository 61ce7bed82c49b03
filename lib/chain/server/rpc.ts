import "server-only";
import { createPublicClient, fallback, http, webSocket, type PublicClient, type Transport } from "viem";
import { env } from "@/lib/env";
import type { ChainInfo } from "@/lib/schemas/chains";
import { VIEM_CHAINS } from "./viem-chains";

/** The RPC URLs configured for a chain (`CHAIN_RPC_<LABEL>`), in the order they are tried. */
export const rpcUrlsOf = (chain: ChainInfo): string[] => env()[`CHAIN_RPC_${chain.envName}`] ?? [];

export const hasRpc = (chain: ChainInfo) => rpcUrlsOf(chain).length > 0;

/**
 * A per-chain budget of requests per second, shared by every contract of the chain in this
 * process: the next request waits for its slot instead of tripping the provider's own limit.
 */
function budget(perSecond: number) {
  let next = 0;
  return async () => {
    const now = Date.now();
    const slot = Math.max(now, next);
    next = slot + 1000 / perSecond;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
}

/** Counts requests, for the bench and the logs. */
export const rpcCounter = { requests: 0 };

function metered(transport: Transport, wait: () => Promise<void>): Transport {
  return (parameters) => {
    const inner = transport(parameters);
    return {
      ...inner,
      request: (async (args: Parameters<typeof inner.request>[0]) => {
        await wait();
        rpcCounter.requests += 1;
        return inner.request(args);
      }) as typeof inner.request,
    };
  };
}

const clients = new Map<string, PublicClient>();

/**
 * The chain's viem client over its configured URLs (fallbacks in order), each request under the
 * chain's budget and a time limit. `cacheTime: 0`: viem otherwise answers `getBlockNumber` from a
 * cache of about 4 s, which would hold a sync back behind the head.
 */
export function chainClient(chain: ChainInfo): PublicClient {
  const urls = rpcUrlsOf(chain);
  const key = `${chain.id}|${urls.join(",")}`;
  const cached = clients.get(key);
  if (cached) return cached;
  if (urls.length === 0) throw new Error(`no RPC is configured for ${chain.label} (CHAIN_RPC_${chain.envName})`);
  const wait = budget(env().CHAIN_REQUESTS_PER_SECOND);
  // A slow answer past this is given up, so a stalled provider never holds an attempt.
  const timeout = env().CHAIN_REQUEST_TIMEOUT_MS;
  const transports = urls.map((url) =>
    metered(url.startsWith("ws") ? webSocket(url, { timeout, retryCount: 0 }) : http(url, { timeout, retryCount: 0 }), wait),
  );
  const viemChain = VIEM_CHAINS.get(chain.id);
  const client = createPublicClient({
    chain: viemChain,
    transport: fallback(transports, { retryCount: 1, retryDelay: 250 }),
    cacheTime: 0,
    // Reads of one identification go out as one multicall3 call where the chain has the contract.
    batch: viemChain?.contracts?.multicall3 ? { multicall: true } : undefined,
  });
  clients.set(key, client as PublicClient);
  return client as PublicClient;
}
