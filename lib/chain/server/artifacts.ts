import { readFileSync } from "node:fs";
import path from "node:path";
import type { Abi, Hex } from "viem";

/** The test and demo contracts `npm run contracts:compile` wrote (contracts/build, committed). */
export type ContractName =
  | "TestERC721"
  | "TestERC721Enumerable"
  | "TestERC1155"
  | "TestERC721NoOwner"
  | "TestERC20"
  | "HostileNFT"
  | "TestSmartWallet"
  | "TestDelegateRegistry"
  | "OffchainLookupNFT"
  | "TestMulticall3"
  | "FloodERC1155"
  | "TestUniversalResolver";

/** `deployedBytecode` is the runtime code, for a contract placed at a fixed address with the local node's set-code call. */
export type Artifact = { abi: Abi; bytecode: Hex; deployedBytecode: Hex };

export function artifact(name: ContractName): Artifact {
  const file = path.join(process.cwd(), "contracts", "build", `${name}.json`);
  const { abi, bytecode, deployedBytecode } = JSON.parse(readFileSync(file, "utf8")) as Artifact;
  return { abi, bytecode, deployedBytecode };
}
