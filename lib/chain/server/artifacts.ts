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
  | "OffchainLookupNFT"
  | "TestMulticall3"
  | "FloodERC1155";

export type Artifact = { abi: Abi; bytecode: Hex };

export function artifact(name: ContractName): Artifact {
  const file = path.join(process.cwd(), "contracts", "build", `${name}.json`);
  const { abi, bytecode } = JSON.parse(readFileSync(file, "utf8")) as Artifact;
  return { abi, bytecode };
}
