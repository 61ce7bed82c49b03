import { createTestClient, createWalletClient, http, publicActions, type Address, type Hex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { artifact, type ContractName } from "@/lib/chain/server/artifacts";
import { DELEGATE_REGISTRY } from "@/lib/chain/server/delegate-registry-abi";
import { startLocalNode, type LocalNode } from "@/lib/chain/server/local-node";
import { installTestDelegateRegistry } from "@/lib/chain/server/test-registry";

/** Hardhat's (and anvil's) public test mnemonic: its first accounts are funded on every local node. */
export const TEST_MNEMONIC = "test test test test test test test test test test test junk";
/** The first eight of them (anvil funds ten). */
export const ACCOUNTS = [0, 1, 2, 3, 4, 5, 6, 7].map((addressIndex) => mnemonicToAccount(TEST_MNEMONIC, { addressIndex }));

export type LocalChain = Awaited<ReturnType<typeof startLocalChain>>;

/**
 * A local anvil node for one test file, with helpers to deploy the committed test contracts and
 * act on them as any of the test accounts, and to rewrite history (snapshot and revert: a reorg).
 */
export async function startLocalChain() {
  const node: LocalNode = await startLocalNode();
  const transport = http(node.url);
  const test = createTestClient({ chain: foundry, mode: "anvil", transport, cacheTime: 0 }).extend(publicActions);
  const wallet = (index = 0) => createWalletClient({ chain: foundry, transport, account: ACCOUNTS[index]! });

  async function deploy(name: ContractName, args: unknown[] = [], from = 0): Promise<Address> {
    const { abi, bytecode } = artifact(name);
    const hash = await wallet(from).deployContract({ abi, bytecode, args } as never);
    const receipt = await test.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error(`${name} was not deployed`);
    return receipt.contractAddress;
  }

  /** Sends one transaction to a test contract and waits until it is mined. */
  async function send(name: ContractName, address: Address, functionName: string, args: unknown[] = [], from = 0): Promise<void> {
    const hash = await wallet(from).writeContract({ address, abi: artifact(name).abi, functionName, args } as never);
    const receipt = await test.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted`);
  }

  /** A delegation (or its revocation) in the registry, sent by the vault: `delegateAll`, `delegateContract`, `delegateERC721`, `delegateERC1155`. */
  const NO_RIGHTS = `0x${"0".repeat(64)}` as Hex;
  async function delegate(vault: number, functionName: string, args: unknown[]): Promise<void> {
    const withRights = [...args.slice(0, functionName === "delegateAll" ? 1 : functionName === "delegateContract" ? 2 : 3), NO_RIGHTS];
    const rest = args.slice(withRights.length - 1);
    await send("TestDelegateRegistry", DELEGATE_REGISTRY, functionName, [...withRights, ...rest], vault);
  }

  return {
    url: node.url,
    /** Places the test delegate registry at the canonical address (and replaces whatever code is there). */
    installRegistry: () => installTestDelegateRegistry(node.url),
    /** Puts any code at the registry's address: a registry that reverts, answers garbage or is absent ("0x"). */
    registryCode: (bytecode: Hex) => test.setCode({ address: DELEGATE_REGISTRY, bytecode }),
    delegate,
    stop: node.stop,
    client: test,
    deploy,
    send,
    mine: (blocks: number) => test.mine({ blocks }),
    snapshot: () => test.snapshot(),
    revert: (id: Hex) => test.revert({ id }),
    blockNumber: () => test.getBlockNumber({ cacheTime: 0 }),
  };
}
