import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getAddress, type Address } from "viem";
import { chainOfLabel } from "@/lib/schemas/chains";
import { syncContract } from "@/lib/chain/server/sync";
import { DELEGATE_REGISTRY, delegateRegistryAbi, NO_RIGHTS } from "@/lib/chain/server/delegate-registry-abi";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { createOk, newCaller, validCollection, validPerk, type Caller } from "../support/api";
import { ACCOUNTS, startLocalChain } from "../support/chain";
import { claim, claimOk, errorOf, signIn } from "../support/holders";

// The node starts before anything reads the environment, so its URL is this file's Localhost RPC.
const chain = await startLocalChain();
process.env.CHAIN_RPC_LOCALHOST = chain.url;
const LOCALHOST = chainOfLabel("Localhost")!;
/** Indices of the test accounts: the vault, the wallets it may delegate to, and one it never does. */
const [vault, hot, stranger, racer] = [1, 2, 3, 4];
const address = (index: number) => ACCOUNTS[index]!.address as Address;

let partner: Caller;
beforeAll(async () => {
  partner = await newCaller();
  await chain.installRegistry();
});
afterAll(async () => {
  await chain.stop();
});

/** A synced ERC-721 collection with a one-time perk and an ordinary one; `mint` gives its tokens out first. */
async function collection(mint: (contract: Address) => Promise<void>) {
  const contract = await chain.deploy("TestERC721", ["Vault claims", "VCL"]);
  const created = await createOk(partner.key, {
    nftData: validCollection({ ContractChain: "Localhost", ContractAddress: contract }),
    perkData: [
      validPerk({ ShortDescription: "Backstage pass", OneTime: true }),
      validPerk({ ShortDescription: "Ten percent off", OneTime: false }),
    ],
  });
  await mint(contract);
  expect(await syncContract(LOCALHOST, { chainKey: "localhost", address: contract.toLowerCase() })).toEqual({ state: "synced" });
  const [oneTime, ordinary] = (created.perkData as { PlatformPerkId: string }[]).map((perk) => perk.PlatformPerkId);
  return { contract, oneTime: oneTime!, ordinary: ordinary! };
}

// A bigint column: PostgreSQL's driver answers a string, PGlite a number.
const claimRows = async (perkId: string) =>
  (
    await queryRows<{ wallet: string; vault: string | null; block: number | string }>(
      await getDb(),
      sql`SELECT wallet, vault, block FROM perk_claims WHERE perk_id = ${perkId}`,
    )
  ).map((row) => ({ ...row, block: Number(row.block) }));

describe("claims through a delegation", () => {
  it("claims a vault's token with the hot wallet it delegated to, naming both; once per token whoever asks", async () => {
    const { contract, oneTime, ordinary } = await collection((c) => chain.send("TestERC721", c, "mintMany", [address(vault), 1n, 2n]));
    const hotIn = await signIn(ACCOUNTS[hot]!, LOCALHOST.id);
    const body = { PlatformPerkId: oneTime, Address: address(hot), TokenId: "1", Vault: address(vault) };

    // Not delegated yet: refused, nothing recorded.
    const early = await claim(hotIn, body);
    expect(early.status).toBe(403);
    expect(await errorOf(early)).toMatch(/has not delegated token 1 of this collection/);
    await chain.delegate(vault, "delegateERC721", [address(hot), contract, 1n, true]);
    // Token 2 was not delegated; a vault that is the wallet itself is a 400.
    expect((await claim(hotIn, { ...body, TokenId: "2" })).status).toBe(403);
    expect((await claim(hotIn, { ...body, Vault: address(hot) })).status).toBe(400);
    // An ordinary perk needs the contract (or everything) delegated.
    expect(await errorOf(await claim(hotIn, { PlatformPerkId: ordinary, Address: address(hot), Vault: address(vault) }))).toMatch(
      /has not delegated this collection's contract/,
    );

    const made = await claimOk(hotIn, body);
    expect(made).toMatchObject({ TokenId: "1", Wallet: address(hot), Vault: getAddress(address(vault)) });
    expect(made.Block).toBe(Number(await chain.blockNumber()));
    // The vault itself, signed in, cannot claim the same token again.
    const vaultIn = await signIn(ACCOUNTS[vault]!, LOCALHOST.id);
    const again = await claim(vaultIn, { PlatformPerkId: oneTime, Address: address(vault), TokenId: "1" });
    expect(again.status).toBe(409);

    // Everything delegated: the ordinary perk too, one code for the hot wallet.
    await chain.delegate(vault, "delegateAll", [address(hot), true]);
    const ordinaryClaim = await claimOk(hotIn, { PlatformPerkId: ordinary, Address: address(hot), Vault: address(vault) });
    expect(ordinaryClaim.Vault).toBe(getAddress(address(vault)));
    // A stranger the vault delegated nothing to is refused.
    const strangerIn = await signIn(ACCOUNTS[stranger]!, LOCALHOST.id);
    const refused = await claim(strangerIn, { PlatformPerkId: oneTime, Address: address(stranger), TokenId: "2", Vault: address(vault) });
    expect(refused.status).toBe(403);
    expect(await claimRows(oneTime)).toEqual([
      { wallet: address(hot).toLowerCase(), vault: address(vault).toLowerCase(), block: made.Block },
    ]);
  });

  it("settles a claim racing a revocation: at most one claim, made at a block where the delegation stood", async () => {
    const { contract, oneTime } = await collection((c) => chain.send("TestERC721", c, "mint", [address(vault), 5n]));
    await chain.delegate(vault, "delegateERC721", [address(racer), contract, 5n, true]);
    const racerIn = await signIn(ACCOUNTS[racer]!, LOCALHOST.id);
    const body = { PlatformPerkId: oneTime, Address: address(racer), TokenId: "5", Vault: address(vault) };

    const [raced] = await Promise.all([
      claim(racerIn, body),
      chain.delegate(vault, "delegateERC721", [address(racer), contract, 5n, false]),
    ]);
    expect([200, 403]).toContain(raced.status);
    // Revoked by now: a second try is refused either way (409 once claimed, 403 without the delegation).
    expect((await claim(racerIn, body)).status).toBe(raced.status === 200 ? 409 : 403);
    const rows = await claimRows(oneTime);
    expect(rows).toHaveLength(raced.status === 200 ? 1 : 0);
    for (const row of rows) {
      const stood = await chain.client.readContract({
        address: DELEGATE_REGISTRY,
        abi: delegateRegistryAbi,
        functionName: "checkDelegateForERC721",
        args: [address(racer), address(vault), contract, 5n, NO_RIGHTS],
        blockNumber: BigInt(row.block),
      });
      expect(stood).toBe(true);
    }
  });
});
