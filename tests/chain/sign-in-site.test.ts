import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Address } from "viem";
import { parseSiweMessage } from "viem/siwe";
import { chainOfLabel } from "@/lib/schemas/chains";
import { chainQueue, rpcCounter } from "@/lib/chain/server/rpc";
import { RpcQueueFull } from "@/lib/chain/server/rpc-queue";
import { syncContract } from "@/lib/chain/server/sync";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { sql } from "drizzle-orm";
import { authHeaders, createOk, newCaller, newClientIp, validCollection, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";
import { callRoute } from "../support/routes";

// The server is reached at its bind address (as behind server.mjs and a proxy), and its public
// URL is configured: every sign-in message names the public site, never the address asked.
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
process.env.BETTER_AUTH_URL = "https://utility.example";
const PUBLIC = "https://utility.example";
const BOUND = "http://0.0.0.0:3952";
const LOCALHOST = chainOfLabel("Localhost")!;
const [owner, holder] = ACCOUNTS as [(typeof ACCOUNTS)[0], (typeof ACCOUNTS)[0]];

let partner: Caller;
beforeAll(async () => {
  partner = await newCaller();
});
afterAll(async () => {
  await chain.stop();
});

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  callRoute(
    new Request(`${BOUND}${path}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
const site = (path: string, body: unknown) => post(path, body, { ...authHeaders(null, newClientIp()), origin: PUBLIC });
const api = (path: string, body: unknown) => post(`/api-gateway/verification/${path}`, body, { authorization: `Bearer ${partner.key}` });
const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

async function holderNonce(address: Address) {
  const response = await site("/api/holders/nonce", { Address: address, ChainId: LOCALHOST.id });
  expect(response.status).toBe(200);
  return (await response.json()) as { Nonce: string; Message: string };
}

describe("sign-in messages", () => {
  it("name the public site (domain and URI), for holders and for contract verification, and carry CSPRNG nonces", async () => {
    const first = await holderNonce(holder.address);
    expect(first.Message.startsWith("utility.example wants you to sign in with your Ethereum account:")).toBe(true);
    expect(parseSiweMessage(first.Message)).toMatchObject({ domain: "utility.example", uri: PUBLIC });

    const address = await chain.deploy("TestERC721", ["Site Otters", "SOT"]);
    const id = (await createOk(partner.key, { nftData: validCollection({ ContractChain: "Localhost", ContractAddress: address }) })).nftData
      .PlatformNFTId as string;
    const issued = (await (await api("nonce", { PlatformNFTId: id, Address: owner.address })).json()) as { Message: string };
    expect(parseSiweMessage(issued.Message)).toMatchObject({ domain: "utility.example", uri: PUBLIC });

    // 24 alphanumerics, and two in a row have nothing in common but chance.
    const second = await holderNonce(holder.address);
    for (const nonce of [first.Nonce, second.Nonce]) expect(nonce).toMatch(/^[0-9A-Za-z]{24}$/);
    const same = [...first.Nonce].filter((char, index) => second.Nonce[index] === char).length;
    expect(same).toBeLessThan(6);

    // A message naming the bind address is refused, though validly signed.
    const forged = first.Message.replace("utility.example wants", "0.0.0.0:3952 wants");
    const refused = await site("/api/holders/session", { Message: forged, Signature: await holder.signMessage({ message: forged }) });
    expect(await answer(refused)).toMatchObject({
      status: 400,
      body: { error: "Message: its domain is 0.0.0.0:3952, not utility.example" },
    });
    const signedIn = await site("/api/holders/session", {
      Message: first.Message,
      Signature: await holder.signMessage({ message: first.Message }),
    });
    expect(signedIn.status).toBe(200);
  });

  it("look the nonce up before any signature check that calls the RPC (ERC-1271): an unknown nonce costs no request", async () => {
    const wallet = await chain.deploy("TestSmartWallet", [owner.address]);
    const { Message, Nonce } = await holderNonce(wallet);
    const unknown = Message.replace(Nonce, "A".repeat(24));
    const before = rpcCounter.requests;
    const refused = await site("/api/holders/session", { Message: unknown, Signature: await owner.signMessage({ message: unknown }) });
    expect(refused.status).toBe(400);
    expect(rpcCounter.requests).toBe(before);
  });

  it("answer 503 with Retry-After when the chain's request queue is full, spending no nonce", async () => {
    const address = await chain.deploy("TestERC721", ["Queued", "QUE"]);
    const id = (await createOk(partner.key, { nftData: validCollection({ ContractChain: "Localhost", ContractAddress: address }) })).nftData
      .PlatformNFTId as string;
    expect(await syncContract(LOCALHOST, { chainKey: "localhost", address: address.toLowerCase() })).toEqual({ state: "synced" });
    const { Message } = (await (await api("nonce", { PlatformNFTId: id, Address: owner.address })).json()) as { Message: string };
    const Signature = await owner.signMessage({ message: Message });
    // Every slot of the next seconds taken, as a burst of other callers would; the clock held
    // still meanwhile, so that no slot frees up between the burst and this request.
    const frozen = vi.spyOn(Date, "now").mockReturnValue(Date.now());
    const queue = chainQueue(LOCALHOST);
    for (let taken = 0; taken < 10_000; taken += 1) {
      try {
        queue.take();
      } catch (error) {
        expect(error).toBeInstanceOf(RpcQueueFull);
        break;
      }
    }
    const refused = await api("verify", { PlatformNFTId: id, Message, Signature }).finally(() => frozen.mockRestore());
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: string }).error).toMatch(/RPC of Localhost did not answer/);
    const unspent = await queryRows(
      await getDb(),
      sql`SELECT 1 FROM chain_verification_nonces WHERE collection_id = ${id} AND used_at IS NULL`,
    );
    expect(unspent).toHaveLength(1);
  });
});
