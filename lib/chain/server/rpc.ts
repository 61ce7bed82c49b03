import "server-only";
import { createPublicClient, fallback, http, webSocket, type PublicClient, type Transport } from "viem";
import { env } from "@/lib/env";
import type { ChainInfo } from "@/lib/schemas/chains";
import { ccipGatewayRequest } from "./ccip-gateway";
import { requestQueue, type RequestQueue } from "./rpc-queue";
import { VIEM_CHAINS } from "./viem-chains";

/** The RPC URLs configured for a chain (`CHAIN_RPC_<LABEL>`), in the order they are tried. */
export const rpcUrlsOf = (chain: ChainInfo): string[] => env()[`CHAIN_RPC_${chain.envName}`] ?? [];

export const hasRpc = (chain: ChainInfo) => rpcUrlsOf(chain).length > 0;

/** Counts requests, for the bench and the logs. */
export const rpcCounter = { requests: 0 };

function metered(transport: Transport, queue: RequestQueue): Transport {
  return (parameters) => {
    const inner = transport(parameters);
    return {
      ...inner,
      request: (async (args: Parameters<typeof inner.request>[0]) => {
        const wait = queue.take();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
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
 *
 * CCIP-Read (EIP-3668) is off: viem would otherwise fetch whatever URLs a contract's
 * `OffchainLookup` revert names, so anyone who deploys a contract could make this server fetch its
 * own network. Such a revert is an answer like any other revert. The ENS lookup alone follows
 * lookups, through the outbound-URL policy (`ensClient`). Every client of the service is made here.
 */
export function chainClient(chain: ChainInfo): PublicClient {
  return cachedClient(chain, "plain", false);
}

/** The chain's client for ENS names: CCIP-Read on, each gateway request under the webhooks' outbound-URL policy. */
export function ensClient(chain: ChainInfo): PublicClient {
  return cachedClient(chain, "ens", { request: ccipGatewayRequest() });
}

function cachedClient(chain: ChainInfo, kind: string, ccipRead: false | { request: ReturnType<typeof ccipGatewayRequest> }) {
  const urls = rpcUrlsOf(chain);
  const key = `${kind}|${chain.id}|${urls.join(",")}`;
  const cached = clients.get(key);
  if (cached) return cached;
  if (urls.length === 0) throw new Error(`no RPC is configured for ${chain.label} (CHAIN_RPC_${chain.envName})`);
  const client = createPublicClient({
    chain: VIEM_CHAINS.get(chain.id),
    transport: chainTransport(chain, urls),
    cacheTime: 0,
    ccipRead,
    // Reads of one identification go out as one multicall3 call where the chain has the contract.
    batch: VIEM_CHAINS.get(chain.id)?.contracts?.multicall3 ? { multicall: true } : undefined,
  }) as PublicClient;
  clients.set(key, client);
  return client;
}

const transports = new Map<string, Transport>();
const queues = new Map<string, RequestQueue>();

/** The chain's bounded queue of requests (CHAIN_REQUESTS_PER_SECOND), shared by every client of the chain in this process. */
export function chainQueue(chain: ChainInfo): RequestQueue {
  let queue = queues.get(`${chain.id}`);
  if (!queue) queues.set(`${chain.id}`, (queue = requestQueue(chain.label, env().CHAIN_REQUESTS_PER_SECOND)));
  return queue;
}

/** One transport per chain and URL list, so every client of a chain shares its budget of requests. */
function chainTransport(chain: ChainInfo, urls: string[]): Transport {
  const key = `${chain.id}|${urls.join(",")}`;
  const cached = transports.get(key);
  if (cached) return cached;
  const wait = chainQueue(chain);
  // A slow answer past this is given up, so a stalled provider never holds an attempt.
  const timeout = env().CHAIN_REQUEST_TIMEOUT_MS;
  const each = urls.map((url) =>
    metered(url.startsWith("ws") ? webSocket(url, { timeout, retryCount: 0 }) : http(url, { timeout, retryCount: 0 }), wait),
  );
  const transport = fallback(each, { retryCount: 1, retryDelay: 250 });
  transports.set(key, transport);
  return transport;
}
