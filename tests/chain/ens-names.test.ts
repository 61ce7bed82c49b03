import { afterAll, beforeAll, expect, it } from "vitest";
import type { Hex } from "viem";
import { mainnet } from "viem/chains";
import { ensNamesOf } from "@/lib/holders/ens-names";
import { ACCOUNTS, startLocalChain } from "../support/chain";

/* ENS primary names for the wallet page: reverse resolution through Ethereum's universal resolver,
   played on the local node by a test resolver placed at its address. */

// The node starts before anything reads the environment, so its URL is this file's Ethereum RPC.
const chain = await startLocalChain();
process.env.CHAIN_RPC_ETHEREUM = chain.url;
const RESOLVER = mainnet.contracts.ensUniversalResolver.address;
const [, alice, bob, carol, dave] = ACCOUNTS;
let resolverCode: Hex;

beforeAll(async () => {
  const place = async (name: "TestMulticall3" | "TestUniversalResolver", at: Hex) => {
    const code = (await chain.client.getCode({ address: await chain.deploy(name) }))!;
    await chain.client.setCode({ address: at, bytecode: code });
    return code;
  };
  await place("TestMulticall3", mainnet.contracts.multicall3.address);
  resolverCode = await place("TestUniversalResolver", RESOLVER);
  await chain.send("TestUniversalResolver", RESOLVER, "setName", [alice!.address, "alice.eth"]);
  await chain.send("TestUniversalResolver", RESOLVER, "setName", [bob!.address, "Bob.eth"]);
});
afterAll(async () => {
  await chain.stop();
});

it("names each address that has a primary name, keyed by its lower-case address, and no other", async () => {
  const names = await ensNamesOf([alice!.address, carol!.address, alice!.address.toLowerCase()]);
  expect(names).toEqual(new Map([[alice!.address.toLowerCase(), "alice.eth"]]));
});

it("leaves out a name not in ENS's normal form: a spelling that is not the name itself is never shown", async () => {
  expect(await ensNamesOf([bob!.address])).toEqual(new Map());
});

it("answers no name when the resolver reverts, and asks again next time instead of keeping the failure", async () => {
  await chain.client.setCode({ address: RESOLVER, bytecode: "0xfe" });
  expect(await ensNamesOf([dave!.address])).toEqual(new Map());
  await chain.client.setCode({ address: RESOLVER, bytecode: resolverCode });
  await chain.send("TestUniversalResolver", RESOLVER, "setName", [dave!.address, "dave.eth"]);
  expect(await ensNamesOf([dave!.address])).toEqual(new Map([[dave!.address.toLowerCase(), "dave.eth"]]));
});
