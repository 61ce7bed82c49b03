import { createTestClient, createWalletClient, http, parseEther, publicActions, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { DELEGATE_REGISTRY, delegateRegistryAbi, NO_RIGHTS } from "@/lib/chain/server/delegate-registry-abi";
import { incomingDelegations } from "@/lib/chain/server/delegate-registry";
import { rpcCounter } from "@/lib/chain/server/rpc";
import { chainOfLabel } from "@/lib/schemas/chains";

/**
 * The delegation read of wallet eligibility (run by bench/wallet-perks.ts against the local node
 * it started, whose URL is CHAIN_RPC_LOCALHOST, the test registry at the canonical address): three
 * fresh wallets that received 0, 1 and 20 delegations, each read `samples` times uncached (the
 * registry at the head: the block number, then the call). Prints JSON.
 */
const samples = Number(process.argv[2] ?? "100");
const url = process.env.CHAIN_RPC_LOCALHOST!;
const LOCALHOST = chainOfLabel("Localhost")!;
const node = createTestClient({ chain: foundry, mode: "anvil", transport: http(url) }).extend(publicActions);

async function receiving(count: number): Promise<Address> {
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  for (let index = 0; index < count; index += 1) {
    const vault = privateKeyToAccount(generatePrivateKey());
    await node.setBalance({ address: vault.address, value: parseEther("1") });
    const client = createWalletClient({ chain: foundry, transport: http(url), account: vault });
    const hash = await client.writeContract({
      address: DELEGATE_REGISTRY,
      abi: delegateRegistryAbi,
      functionName: "delegateAll",
      args: [wallet, NO_RIGHTS, true],
    });
    await node.waitForTransactionReceipt({ hash });
  }
  return wallet;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]! * 10) / 10;
};

async function measure(wallet: Address, expected: number) {
  const times: number[] = [];
  const before = rpcCounter.requests;
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    const read = await incomingDelegations(LOCALHOST, wallet);
    times.push(performance.now() - started);
    if (!("delegations" in read) || read.delegations.length !== expected) throw new Error(`unexpected read: ${JSON.stringify(read)}`);
  }
  return { p50: percentile(times, 0.5), p90: percentile(times, 0.9), requests: (rpcCounter.requests - before) / samples };
}

const wallets = [await receiving(0), await receiving(1), await receiving(20)];
console.log(
  JSON.stringify({ zero: await measure(wallets[0]!, 0), one: await measure(wallets[1]!, 1), twenty: await measure(wallets[2]!, 20) }),
);
