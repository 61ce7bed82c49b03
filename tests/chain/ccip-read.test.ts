import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Address } from "viem";
import { chainOfLabel } from "@/lib/schemas/chains";
import { ccipGatewayRequest } from "@/lib/chain/server/ccip-gateway";
import { syncContract } from "@/lib/chain/server/sync";
import { lookUpWallet } from "@/lib/holders/wallet-lookup";
import { authHeaders, createOk, newCaller, newClientIp, validCollection, validPerk, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";
import { callRoute } from "../support/routes";

/**
 * A contract that answers every read with EIP-3668's OffchainLookup, naming a gateway of this
 * test: the sync, a verification, a holder's sign-in and claim, and the wallet page's ENS lookup
 * run against it, and the gateway must hear nothing (CCIP-Read is off, and the ENS lookup's own
 * gateway requests go through the outbound-URL policy, which refuses loopback addresses).
 */
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
// The wallet page resolves ENS names on Ethereum: here the local node plays it.
process.env.CHAIN_RPC_ETHEREUM = chain.url;
process.env.WEBHOOKS_ALLOW_PRIVATE = "0";

// The ENS lookup's gateway requests are counted where the policy is asked (the module is real).
let ensGatewayCalls = 0;
vi.mock("@/lib/chain/server/ccip-gateway", async (original) => {
  const real = await original<typeof import("@/lib/chain/server/ccip-gateway")>();
  return {
    ...real,
    ccipGatewayRequest: (...args: Parameters<typeof real.ccipGatewayRequest>) => {
      const request = real.ccipGatewayRequest(...args);
      return (parameters: Parameters<typeof request>[0]) => ((ensGatewayCalls += 1), request(parameters));
    },
  };
});

const heard: { method?: string; url?: string }[] = [];
let redirectFollowed = false;
const gateway = createServer((request: IncomingMessage, response) => {
  request.resume();
  if (request.url === "/moved") return response.writeHead(302, { location: "/followed" }).end();
  if (request.url === "/huge") return response.writeHead(200, { "content-type": "text/plain" }).end("0x" + "00".repeat(64 * 1024));
  if (request.url === "/followed") redirectFollowed = true;
  heard.push({ method: request.method, url: request.url });
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: "0x" }));
});
await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
const BASE = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
const GATEWAY = `${BASE}/{sender}/{data}.json`;
const REDIRECT = `${BASE}/moved`;
const HUGE = `${BASE}/huge`;

const LOCALHOST = chainOfLabel("Localhost")!;
const [owner, alice] = ACCOUNTS as [(typeof ACCOUNTS)[0], (typeof ACCOUNTS)[0]];
const ORIGIN = "http://localhost";
const ENS_UNIVERSAL_RESOLVER = "0xeeeeeeee14d718c2b47d9923deab1335e144eeee" as Address;
const MULTICALL3 = "0xca11bde05977b3631167028862be2a173976ca11" as Address;

let partner: Caller;
beforeAll(async () => {
  partner = await newCaller();
});
afterAll(async () => {
  gateway.close();
  await chain.stop();
});

async function hostile(declareErc721: boolean): Promise<Address> {
  const address = await chain.deploy("OffchainLookupNFT");
  await chain.send("OffchainLookupNFT", address, "configure", [[GATEWAY], declareErc721]);
  return address;
}

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  callRoute(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
const gatewayPost = (path: string, body: unknown) =>
  post(`/api-gateway/verification/${path}`, body, { authorization: `Bearer ${partner.key}` });
const sitePost = (path: string, body: unknown, cookie?: string) =>
  post(path, body, { ...authHeaders(null, newClientIp()), origin: ORIGIN, ...(cookie ? { cookie } : {}) });

describe("a contract answering every read with OffchainLookup makes the service fetch nothing", () => {
  it("sync, verification (EOA and ERC-1271), holder sign-in, a claim and the wallet page's ENS lookup", async () => {
    // Sync and verification of a contract whose every read, supportsInterface included, is a lookup.
    const everything = await hostile(false);
    const id = (await createOk(partner.key, { nftData: validCollection({ ContractChain: "Localhost", ContractAddress: everything }) }))
      .nftData.PlatformNFTId as string;
    await syncContract(LOCALHOST, { chainKey: "localhost", address: everything.toLowerCase() });
    const issued = (await (await gatewayPost("nonce", { PlatformNFTId: id, Address: owner.address })).json()) as { Message: string };
    const verified = await gatewayPost("verify", {
      PlatformNFTId: id,
      Message: issued.Message,
      Signature: await owner.signMessage({ message: issued.Message }),
    });
    expect(verified.status).toBe(403);
    // The contract as the signer: its isValidSignature (ERC-1271) is a lookup too.
    const asWallet = (await (await gatewayPost("nonce", { PlatformNFTId: id, Address: everything })).json()) as { Message: string };
    const byContract = await gatewayPost("verify", {
      PlatformNFTId: id,
      Message: asWallet.Message,
      Signature: await owner.signMessage({ message: asWallet.Message }),
    });
    expect(byContract.status).toBe(401);

    // A holder signing in as the contract (ERC-1271 through the RPC).
    const holderNonce = (await (await sitePost("/api/holders/nonce", { Address: everything, ChainId: LOCALHOST.id })).json()) as {
      Message: string;
    };
    const holderSignIn = await sitePost("/api/holders/session", {
      Message: holderNonce.Message,
      Signature: await owner.signMessage({ message: holderNonce.Message }),
    });
    expect(holderSignIn.status).toBe(401);

    // A claim: the contract declares ERC-721 so it syncs, then ownerOf and balanceOf are lookups.
    const claimable = await hostile(true);
    await chain.send("OffchainLookupNFT", claimable, "mint", [alice.address, 1n]);
    const created = await createOk(partner.key, {
      nftData: validCollection({ ContractChain: "Localhost", ContractAddress: claimable }),
      perkData: [validPerk({ TokensRequired: 1 })],
    });
    expect(await syncContract(LOCALHOST, { chainKey: "localhost", address: claimable.toLowerCase() })).toEqual({ state: "synced" });
    const aliceNonce = (await (await sitePost("/api/holders/nonce", { Address: alice.address, ChainId: LOCALHOST.id })).json()) as {
      Message: string;
    };
    const session = await sitePost("/api/holders/session", {
      Message: aliceNonce.Message,
      Signature: await alice.signMessage({ message: aliceNonce.Message }),
    });
    expect(session.status).toBe(200);
    const cookie = session.headers.get("set-cookie")!.split(";")[0]!;
    const claim = await sitePost(
      "/api/holders/claims",
      { PlatformPerkId: created.perkData[0].PlatformPerkId, Address: alice.address.toLowerCase() },
      cookie,
    );
    expect(claim.status).toBe(403);

    // The wallet page's ENS lookup, with the contract in the place of Ethereum's universal resolver.
    await playEthereumEns(everything);
    expect(await lookUpWallet("hostile.eth")).toEqual({
      problem: "The ENS name hostile.eth could not be looked up just now. Try again, or paste the wallet's 0x address.",
    });
    expect(ensGatewayCalls).toBe(1);

    expect(heard).toEqual([]);
  });
});

describe("the ENS lookup's gateway requests follow the outbound-URL policy", () => {
  it("reach a gateway only where the policy allows its address, without following a redirect or reading a body past the bound", async () => {
    const request = ccipGatewayRequest({ allowPrivate: true });
    const sender = "0x000000000000000000000000000000000000dead" as Address;
    const before = heard.length;
    // The test gateway answers "0x": a lookup answered through the policy's own connection.
    expect(await request({ data: "0xabcd", sender, urls: [GATEWAY] })).toBe("0x");
    expect(heard.slice(before)).toEqual([{ method: "GET", url: `/${sender}/0xabcd.json` }]);
    await expect(request({ data: "0xabcd", sender, urls: [REDIRECT] })).rejects.toThrow(/HTTP 302/);
    expect(redirectFollowed).toBe(false);
    await expect(request({ data: "0xabcd", sender, urls: [HUGE] })).rejects.toThrow(/larger than 65536 bytes/);
    // Under the production policy the same gateway hears nothing: plain http, or a name resolving to loopback.
    const inward = async () => [{ address: "127.0.0.1", family: 4 }];
    const refused = ccipGatewayRequest({ allowPrivate: false, resolve: inward });
    const count = heard.length;
    await expect(refused({ data: "0xabcd", sender, urls: [GATEWAY] })).rejects.toThrow(/must start with https/);
    await expect(refused({ data: "0xabcd", sender, urls: ["https://gateway.example/{data}"] })).rejects.toThrow(
      /private, loopback or link-local address \(127\.0\.0\.1\)/,
    );
    expect(heard.length).toBe(count);
  });
});

/** Ethereum's universal resolver is the hostile contract, and Multicall3 is where viem batches reads through, on the local node. */
async function playEthereumEns(hostileContract: Address) {
  const multicall = await chain.deploy("TestMulticall3");
  await chain.client.setCode({ address: MULTICALL3, bytecode: (await chain.client.getCode({ address: multicall }))! });
  await chain.client.setCode({ address: ENS_UNIVERSAL_RESOLVER, bytecode: (await chain.client.getCode({ address: hostileContract }))! });
  await chain.send("OffchainLookupNFT", ENS_UNIVERSAL_RESOLVER, "configure", [[GATEWAY], false]);
}
