import { sql } from "drizzle-orm";
// A wallet that deploys the demo contracts on the local node, not a reader of partners' contracts.
// eslint-disable-next-line no-restricted-syntax
import { createWalletClient, http, publicActions, type Address } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { artifact, type ContractName } from "@/lib/chain/server/artifacts";
import { DELEGATE_REGISTRY, NO_RIGHTS } from "@/lib/chain/server/delegate-registry-abi";
import { startLocalNode } from "@/lib/chain/server/local-node";
import { installTestDelegateRegistry } from "@/lib/chain/server/test-registry";
import { ensureDemoAccount } from "@/lib/auth/demo-account";
import { applyCreateRequest } from "@/lib/collections/write";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { createRequestSchema } from "@/lib/schemas/create-request";

/** Hardhat's public test mnemonic: its first account is funded on every fresh anvil node. */
const TEST_MNEMONIC = "test test test test test test test test test test test junk";

const DEMO_CONTRACTS: { name: ContractName; title: string; symbol: string; description: string }[] = [
  {
    name: "TestERC721",
    title: "Localhost Otters",
    symbol: "LOTR",
    description: "A demo ERC-721 on the local chain: synced from its contract.",
  },
  {
    name: "TestERC1155",
    title: "Localhost Passes",
    symbol: "LPASS",
    description: "A demo ERC-1155 on the local chain: every unit counted.",
  },
];

/**
 * The local chain of `npm run dev`: starts anvil, deploys the demo contracts and mints a few
 * tokens, places the delegate registry at its canonical address (the demo holder delegates
 * everything to anvil's third account), and points CHAIN_RPC_LOCALHOST (inherited by the dev server) at it. A fresh node deploys
 * from the same account and nonces, so the addresses are the same at every start; the sync sees a
 * new chain (other block hashes at its cursor) and reindexes. Returns a line for the start-up log,
 * the contracts' addresses (none without a node) and the demo holder (the mnemonic's second
 * account, which holds tokens of both); never throws.
 */
export async function startDevChain(): Promise<{ line: string; addresses: Address[]; holder?: Address }> {
  if (process.env.CHAIN_RPC_LOCALHOST)
    return { line: `Localhost chain: ${process.env.CHAIN_RPC_LOCALHOST} (CHAIN_RPC_LOCALHOST)`, addresses: [] };
  let node;
  try {
    node = await startLocalNode();
  } catch (error) {
    return {
      line: `Localhost chain: not started (${(error as Error).message}); Localhost collections say they have no RPC`,
      addresses: [],
    };
  }
  process.on("exit", () => void node.stop());
  try {
    const owner = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 0 });
    const holder = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 1 }).address;
    const client = createWalletClient({ chain: foundry, transport: http(node.url), account: owner, ccipRead: false }).extend(publicActions);
    const addresses: Address[] = [];
    for (const contract of DEMO_CONTRACTS) {
      const { abi, bytecode } = artifact(contract.name);
      const hash = await client.deployContract({ abi, bytecode, args: [contract.title, contract.symbol] } as never);
      const address = (await client.waitForTransactionReceipt({ hash })).contractAddress!;
      addresses.push(address);
      const mints =
        contract.name === "TestERC721"
          ? [
              [holder, 1n],
              [holder, 2n],
              [owner.address, 3n],
            ]
          : [[holder, 1n, 25n]];
      for (const args of mints)
        await client.waitForTransactionReceipt({ hash: await client.writeContract({ address, abi, functionName: "mint", args } as never) });
    }
    // The delegate registry at its canonical address; the demo holder delegates everything to the next account.
    await installTestDelegateRegistry(node.url);
    const delegate = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 2 }).address;
    const registry = artifact("TestDelegateRegistry").abi;
    const asHolder = createWalletClient({
      chain: foundry,
      transport: http(node.url),
      account: mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 1 }),
    });
    await client.waitForTransactionReceipt({
      hash: await asHolder.writeContract({
        address: DELEGATE_REGISTRY,
        abi: registry,
        functionName: "delegateAll",
        args: [delegate, NO_RIGHTS, true],
      } as never),
    });
    process.env.CHAIN_RPC_LOCALHOST = node.url;
    return { line: `Localhost chain: ${node.url} (anvil; demo contracts ${addresses.join(", ")})`, addresses, holder };
  } catch (error) {
    await node.stop();
    return {
      line: `Localhost chain: stopped, the demo contracts did not deploy (${(error as Error).message.split("\n")[0]})`,
      addresses: [],
    };
  }
}

/** Gives the demo account a collection on each demo contract, once (none when the store has partners' own accounts). */
export async function addDemoCollections(addresses: Address[]): Promise<void> {
  let actor: { userId: string; teamId: string; keyId: null };
  try {
    const demo = await ensureDemoAccount();
    actor = { userId: demo.id, teamId: demo.teamId, keyId: null };
  } catch {
    return;
  }
  const db = await getDb();
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM collections WHERE data->>'ContractChain' = 'Localhost'`,
  );
  if ((existing?.n ?? 0) > 0) return;
  for (const [index, contract] of DEMO_CONTRACTS.entries()) {
    const body = {
      nftData: {
        Title: contract.title,
        ContractChain: "Localhost",
        ContractAddress: addresses[index],
        CollectionDescription: contract.description,
        TokenQuantity: 100,
      },
      perkData: [{ ShortDescription: "Holders' lounge", LongDescription: "Every holder is welcome in the demo lounge.", Tags: ["Events"] }],
    };
    const request = createRequestSchema.parse(body);
    await applyCreateRequest(actor, request, body);
  }
}
