/**
 * Compiles the Solidity sources in contracts/ (OpenZeppelin 5, Cancun) with the solc npm package
 * and writes each contract's ABI, creation bytecode and runtime bytecode to contracts/build/<Name>.json. The JSON is
 * committed: tests and `npm run dev` deploy it and never compile.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
// solc ships CommonJS without types.
const solc = require("solc") as {
  version: () => string;
  compile: (input: string, options: { import: (file: string) => { contents: string } | { error: string } }) => string;
};

const root = path.resolve(import.meta.dirname, "..");
const sourceDir = path.join(root, "contracts");
const buildDir = path.join(sourceDir, "build");

const sources = Object.fromEntries(
  readdirSync(sourceDir)
    .filter((file) => file.endsWith(".sol"))
    .sort()
    .map((file) => [file, { content: readFileSync(path.join(sourceDir, file), "utf8") }]),
);

const input = {
  language: "Solidity",
  sources,
  settings: {
    evmVersion: "cancun",
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
  },
};

/** Resolves `@openzeppelin/...` imports from node_modules. */
function findImport(file: string) {
  try {
    return { contents: readFileSync(require.resolve(file), "utf8") };
  } catch {
    return { error: `not found: ${file}` };
  }
}

type Output = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
};

const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as Output;
const errors = (output.errors ?? []).filter((error) => error.severity === "error");
for (const problem of output.errors ?? []) console.error(problem.formattedMessage);
if (errors.length > 0) process.exit(1);

mkdirSync(buildDir, { recursive: true });
for (const file of Object.keys(sources)) {
  for (const [name, contract] of Object.entries(output.contracts[file] ?? {})) {
    const artifact = {
      contractName: name,
      compiler: `solc ${solc.version()}`,
      evmVersion: "cancun",
      abi: contract.abi,
      bytecode: `0x${contract.evm.bytecode.object}`,
      // The runtime code, for a contract placed at a fixed address with the local node's set-code call.
      deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
    };
    writeFileSync(path.join(buildDir, `${name}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
    console.log(`contracts/build/${name}.json`);
  }
}
