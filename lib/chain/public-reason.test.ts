import { describe, expect, it } from "vitest";
import { publicSyncReason } from "./public-reason";

const address = "0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d";

describe("publicSyncReason", () => {
  it("says nothing when nothing is wrong", () => {
    expect(publicSyncReason({ chain: "Arbitrum", address, reason: null, syncable: true })).toBeNull();
  });
  it("names the chain without an RPC variable", () => {
    const reason = "not synced: no RPC is configured for Arbitrum (CHAIN_RPC_ARBITRUM)";
    expect(publicSyncReason({ chain: "arbitrum", address, reason, syncable: false })).toBe("Chain data is not available for Arbitrum here");
  });
  it("keeps RPC answers and variable names out of a failed attempt", () => {
    const reason = "the RPC for Base answers chain id 1, not 8453: check CHAIN_RPC_BASE";
    expect(publicSyncReason({ chain: "Base", address, reason, syncable: true })).toBe(
      "Chain data for Base could not be read just now; it is tried again",
    );
  });
  it("words a bad address and an unknown chain", () => {
    expect(publicSyncReason({ chain: "Base", address: "0x123", reason: "not synced: …", syncable: false })).toBe(
      "The contract address is not a valid Base address",
    );
    expect(publicSyncReason({ chain: "Solana", address, reason: "not synced: …", syncable: false })).toBe(
      "Solana is not a chain this site reads",
    );
  });
});
