import "server-only";
import { HttpRequestError, isHex, type CcipRequestParameters, type Hex } from "viem";
import { env } from "@/lib/env";
import { fetchOutbound } from "@/lib/webhooks/server/outbound-fetch";
import type { TargetPolicy } from "@/lib/webhooks/server/target";

/** Gateways tried per lookup, and the largest answer read: an ENS answer is a few hundred bytes. */
export const CCIP_MAX_URLS = 3;
export const CCIP_MAX_BYTES = 64 * 1024;

/**
 * EIP-3668's gateway request (a URL with `{data}` is a GET, any other a POST of `{data, sender}`),
 * made through the outbound-URL policy of webhooks instead of viem's plain fetch: the URLs come
 * from a contract, so whoever deploys one would otherwise choose what this server fetches. Used
 * only where a lookup is wanted (ENS names); every other client has CCIP-Read off (rpc.ts).
 */
export function ccipGatewayRequest(policy: TargetPolicy = { allowPrivate: env().WEBHOOKS_ALLOW_PRIVATE }) {
  return async ({ data, sender, urls }: CcipRequestParameters): Promise<Hex> => {
    let failure = "no gateway URL";
    for (const template of urls.slice(0, CCIP_MAX_URLS)) {
      const url = template.replaceAll("{sender}", sender.toLowerCase()).replaceAll("{data}", data.toLowerCase());
      const get = template.includes("{data}");
      try {
        const answer = await fetchOutbound(
          url,
          {
            method: get ? "GET" : "POST",
            headers: get ? {} : { "content-type": "application/json" },
            body: get ? undefined : JSON.stringify({ data, sender }),
            timeoutMs: env().CHAIN_REQUEST_TIMEOUT_MS,
            maxBytes: CCIP_MAX_BYTES,
            userAgent: "UtilityDataService-CCIP/1",
          },
          policy,
        );
        const text = answer.body.toString("utf8");
        const result = answer.contentType.startsWith("application/json") ? (JSON.parse(text) as { data?: unknown }).data : text;
        if (answer.status >= 200 && answer.status < 300 && typeof result === "string" && isHex(result)) return result;
        failure = `HTTP ${answer.status}`;
        // EIP-3668: a 4xx ends the lookup; a 5xx (or an answer that is no hex) tries the next gateway.
        if (answer.status >= 400 && answer.status < 500) break;
      } catch (error) {
        failure = (error as Error).message;
      }
    }
    throw new HttpRequestError({ url: urls[0] ?? "", details: `CCIP-Read gateway refused or failed: ${failure}` });
  };
}
