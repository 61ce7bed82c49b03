import { describe, expect, it } from "vitest";
import { connectWallet, signMessage, utf8Hex, WalletError, walletErrorOf, type Eip1193Provider } from "./browser-wallet";

const provider = (answers: Record<string, unknown>, calls: { method: string; params?: unknown[] }[] = []): Eip1193Provider => ({
  async request(args) {
    calls.push(args);
    const answer = answers[args.method];
    if (answer instanceof Error || (answer && typeof answer === "object" && "code" in answer)) throw answer;
    return answer;
  },
});

describe("the browser wallet", () => {
  it("says there is no wallet when the page has none", async () => {
    await expect(connectWallet(null)).rejects.toMatchObject({
      failure: "no-wallet",
      message: expect.stringMatching(/^No browser wallet found/),
    });
  });

  it("connects to the first account and signs the message as UTF-8 hex with personal_sign", async () => {
    const calls: { method: string; params?: unknown[] }[] = [];
    const wallet = provider({ eth_requestAccounts: ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"], personal_sign: "0xabcd" }, calls);
    const { address } = await connectWallet(wallet);
    expect(address).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(await signMessage(wallet, address, "é ok")).toBe("0xabcd");
    expect(calls[1]).toEqual({ method: "personal_sign", params: ["0xc3a9206f6b", address] });
    expect(utf8Hex("")).toBe("0x");
  });

  it("puts the wallet's refusals in words", async () => {
    await expect(connectWallet(provider({ eth_requestAccounts: { code: 4001, message: "User rejected" } }))).rejects.toMatchObject({
      failure: "rejected",
      message: "The request was declined in the wallet.",
    });
    await expect(connectWallet(provider({ eth_requestAccounts: [] }))).rejects.toMatchObject({ failure: "no-account" });
    await expect(signMessage(provider({ personal_sign: 42 }), "0x0", "m")).rejects.toBeInstanceOf(WalletError);
    expect(walletErrorOf({ code: -32002 }).failure).toBe("pending");
    expect(walletErrorOf(new Error("boom")).message).toBe("The wallet refused: boom.");
  });
});
