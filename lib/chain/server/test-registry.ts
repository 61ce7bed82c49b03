import { artifact } from "./artifacts";
import { DELEGATE_REGISTRY } from "./delegate-registry-abi";

/**
 * Places the test delegate registry (contracts/TestDelegateRegistry.sol) at the registry's
 * canonical address on a local anvil node, as the real one sits at that address on every public
 * chain: tests and `npm run dev` then read delegations exactly as production does.
 */
export async function installTestDelegateRegistry(rpcUrl: string): Promise<void> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "anvil_setCode",
      params: [DELEGATE_REGISTRY, artifact("TestDelegateRegistry").deployedBytecode],
    }),
  });
  const answer = (await response.json()) as { error?: { message: string } };
  if (answer.error) throw new Error(`anvil_setCode failed: ${answer.error.message}`);
}
