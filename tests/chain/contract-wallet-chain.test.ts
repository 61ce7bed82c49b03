import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { chainOfLabel } from "@/lib/schemas/chains";
import { syncContract } from "@/lib/chain/server/sync";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { createOk, newCaller, validCollection, validPerk, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";
import { site } from "../support/holders";

// A contract wallet (ERC-1271) proves itself on one chain: the same address on another chain may be
// another contract with other owners, or none. The local node answers for Localhost and, here,
// for Ethereum too, where a collection of the same contract is marked synced by hand.
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
process.env.CHAIN_RPC_ETHEREUM = chain.url;
const LOCALHOST = chainOfLabel("Localhost")!;
const [signer, other] = ACCOUNTS as [(typeof ACCOUNTS)[0], (typeof ACCOUNTS)[0]];

let partner: Caller;
beforeAll(async () => {
  partner = await newCaller();
});
afterAll(async () => {
  await chain.stop();
});

const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

/** Signs in as `address` on `chainId`, the message signed by `by` (the wallet's signer for a contract wallet). */
async function signInAs(address: Address, chainId: number, by: (typeof ACCOUNTS)[0]) {
  const { Message } = (await (await site("POST", "/api/holders/nonce", { Address: address, ChainId: chainId })).json()) as {
    Message: string;
  };
  return site("POST", "/api/holders/session", { Message, Signature: await by.signMessage({ message: Message }) });
}

async function perkOn(contractChain: string, address: Address) {
  const created = await createOk(partner.key, {
    nftData: validCollection({ ContractChain: contractChain, ContractAddress: address }),
    perkData: [validPerk({ TokensRequired: 1 })],
  });
  return created.perkData[0].PlatformPerkId as string;
}

describe("a contract wallet proven on one chain", () => {
  it("claims there, not on another chain; and its address there signs nobody in as its holder", async () => {
    const nft = await chain.deploy("TestERC721", ["Chain Otters", "COT"]);
    const wallet = await chain.deploy("TestSmartWallet", [signer.address]);
    await chain.send("TestERC721", nft, "mint", [wallet, 1n]);
    const onLocalhost = await perkOn("Localhost", nft);
    const onEthereum = await perkOn("Ethereum", nft);
    expect(await syncContract(LOCALHOST, { chainKey: "localhost", address: nft.toLowerCase() })).toEqual({ state: "synced" });
    const head = Number(await chain.blockNumber());
    await (
      await getDb()
    ).execute(
      sql`INSERT INTO chain_contracts (chain_key, address, chain_id, status, cursor_block, standard) VALUES ('ethereum', ${nft.toLowerCase()}, 1, 'Synced', ${head}, 'ERC721')`,
    );

    const signedIn = await signInAs(wallet, LOCALHOST.id, signer);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
    const claim = (perk: string) => site("POST", "/api/holders/claims", { PlatformPerkId: perk, Address: wallet.toLowerCase() }, cookie);
    expect((await claim(onLocalhost)).status).toBe(200);
    const claimsBefore = await queryRows(await getDb(), sql`SELECT id FROM perk_claims ORDER BY id`);
    expect(await answer(await claim(onEthereum))).toMatchObject({
      status: 403,
      body: {
        error: `Address: ${wallet.toLowerCase()} is a contract wallet proven on chain 31337, not on Ethereum (1); sign in with it on Ethereum`,
      },
    });
    expect(await queryRows(await getDb(), sql`SELECT id FROM perk_claims ORDER BY id`)).toEqual(claimsBefore);

    // Someone else whose contract answers for the address on Ethereum does not become the holder.
    const elsewhere = await signInAs(wallet, 1, signer);
    expect(await answer(elsewhere)).toMatchObject({
      status: 409,
      body: {
        error: expect.stringMatching(
          /is linked to another sign-in as a contract wallet of chain 31337; a contract wallet is linked for the chain that proved it$/,
        ),
      },
    });
    expect(elsewhere.headers.get("set-cookie")).toBeNull();
  });

  it("an ordinary wallet, proven by its key, claims on every chain", async () => {
    const nft = await chain.deploy("TestERC721", ["Key Otters", "KOT"]);
    await chain.send("TestERC721", nft, "mint", [other.address, 1n]);
    const onEthereum = await perkOn("Ethereum", nft);
    const head = Number(await chain.blockNumber());
    await (
      await getDb()
    ).execute(
      sql`INSERT INTO chain_contracts (chain_key, address, chain_id, status, cursor_block, standard) VALUES ('ethereum', ${nft.toLowerCase()}, 1, 'Synced', ${head}, 'ERC721')`,
    );
    const signedIn = await signInAs(other.address, LOCALHOST.id, other);
    const cookie = signedIn.headers.get("set-cookie")!.split(";")[0]!;
    const claimed = await site("POST", "/api/holders/claims", { PlatformPerkId: onEthereum, Address: other.address.toLowerCase() }, cookie);
    expect(claimed.status).toBe(200);
  });
});
