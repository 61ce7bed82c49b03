import { describe, expect, it } from "vitest";
import { z } from "zod";
import { addressProblem } from "./address";
import { canonicalChainLabel, chainOfLabel } from "@/lib/schemas/chains";
import { chainEnvShape } from "@/lib/schemas/chain-env";
import { syncFieldsOf, syncTargetOf } from "./sync-state";

describe("the chain table", () => {
  it("matches known labels in any case and stores the table's spelling; other labels stay as sent", () => {
    expect(canonicalChainLabel("ethereum")).toBe("Ethereum");
    expect(canonicalChainLabel(" POLYGON ")).toBe("Polygon");
    expect(canonicalChainLabel("localhost")).toBe("Localhost");
    expect(canonicalChainLabel("Solana")).toBe("Solana");
    expect(canonicalChainLabel("solana")).toBe("solana");
    expect(chainOfLabel("base")?.id).toBe(8453);
    expect(chainOfLabel("Arbitrum")?.id).toBe(42161);
  });
});

describe("CHAIN_RPC_<LABEL>", () => {
  const schema = z.object(chainEnvShape);
  it("takes comma-separated http(s) and ws(s) URLs, in order", () => {
    const parsed = schema.parse({ CHAIN_RPC_ETHEREUM: "https://a.example/rpc, wss://b.example/ws", CHAIN_START_BLOCK_BASE: "100" });
    expect(parsed.CHAIN_RPC_ETHEREUM).toEqual(["https://a.example/rpc", "wss://b.example/ws"]);
    expect(parsed.CHAIN_START_BLOCK_BASE).toBe(100);
  });
  it("refuses anything else, naming the variable", () => {
    const result = schema.safeParse({ CHAIN_RPC_POLYGON: "ftp://x.example" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["CHAIN_RPC_POLYGON"]);
    expect(schema.safeParse({ CHAIN_START_BLOCK_ETHEREUM: "-1" }).success).toBe(false);
  });
});

describe("contract addresses", () => {
  it("accepts lower case and valid EIP-55 checksums, names what is wrong otherwise", () => {
    expect(addressProblem("0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d")).toBeUndefined();
    expect(addressProblem("0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D")).toBeUndefined();
    expect(addressProblem("0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13d")).toMatch(
      /EIP-55 checksum \(expected 0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D\)/,
    );
    expect(addressProblem("0x123")).toMatch(/not an EVM address/);
  });
});

describe("the wire's sync fields", () => {
  const withRpc = () => true;
  it("a collection without a contract is Synced with an empty location", () => {
    expect(syncFieldsOf(syncTargetOf("Ethereum", "", withRpc), null)).toEqual({
      BlockchainSyncStatus: "Synced",
      BlockchainSyncLocation: "",
    });
  });
  it("the cursor is eip155:<chainId>:<block>:<hash>; an error makes it Updating", () => {
    const target = syncTargetOf("Base", "0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d", withRpc);
    const row = { status: "Synced" as const, chain_id: 8453, cursor_block: 12, cursor_hash: "0xabc", error: null, issued: "5" };
    expect(syncFieldsOf(target, row)).toEqual({
      BlockchainSyncStatus: "Synced",
      BlockchainSyncLocation: "eip155:8453:12:0xabc",
      TokenQuantityIssued: 5,
    });
    expect(syncFieldsOf(target, { ...row, error: "RPC error: down" })).toMatchObject({
      BlockchainSyncStatus: "Updating",
      BlockchainSyncError: "RPC error: down",
    });
  });
});
