import { afterEach, describe, expect, it, vi } from "vitest";
import { addressBudgetKey, clientAddress, SOCKET_ADDRESS_HEADER } from "./client-ip";

const headers = (values: Record<string, string>) => new Headers(values);

async function withHops<T>(hops: number, run: (address: typeof clientAddress) => T): Promise<T> {
  vi.resetModules();
  vi.stubEnv("TRUSTED_PROXY_HOPS", String(hops));
  const fresh = await import("./client-ip");
  return run(fresh.clientAddress);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("clientAddress", () => {
  it("ignores X-Forwarded-For by default and uses the connection's address", async () => {
    const address = await withHops(0, (read) =>
      read(headers({ [SOCKET_ADDRESS_HEADER]: "::ffff:203.0.113.7", "x-forwarded-for": "198.51.100.1" })),
    );
    expect(address).toBe("203.0.113.7");
    expect(await withHops(0, (read) => read(headers({ "x-forwarded-for": "198.51.100.1" })))).toBeNull();
  });

  it("takes the Nth address from the right behind N proxies, whatever the client prepended", async () => {
    const chain = "1.1.1.1, 2.2.2.2, 198.51.100.9, 10.0.0.2";
    expect(await withHops(1, (read) => read(headers({ "x-forwarded-for": chain })))).toBe("10.0.0.2");
    expect(await withHops(2, (read) => read(headers({ "x-forwarded-for": chain })))).toBe("198.51.100.9");
    // A chain shorter than the hops: the leftmost entry, written by the first trusted proxy.
    expect(await withHops(3, (read) => read(headers({ "x-forwarded-for": "198.51.100.9, 10.0.0.2" })))).toBe("198.51.100.9");
    expect(await withHops(1, (read) => read(headers({ "x-forwarded-for": "not an address" })))).toBeNull();
    expect(await withHops(1, (read) => read(headers({ [SOCKET_ADDRESS_HEADER]: "127.0.0.1" })))).toBe("127.0.0.1");
  });

  it("strips ports and brackets", async () => {
    expect(await withHops(1, (read) => read(headers({ "x-forwarded-for": "[2001:db8::1]:443" })))).toBe("2001:db8::1");
    expect(await withHops(1, (read) => read(headers({ "x-forwarded-for": "203.0.113.7:8080" })))).toBe("203.0.113.7");
  });
});

describe("addressBudgetKey", () => {
  it("gives every address of one IPv6 /64 the same budget, and other /64s their own", () => {
    const key = addressBudgetKey("2001:db8:aa:bb::1");
    expect(key).toBe("2001:db8:aa:bb::/64");
    expect(addressBudgetKey("2001:0db8:00aa:00bb:ffff:ffff:ffff:ffff")).toBe(key);
    expect(addressBudgetKey("2001:db8:aa:bb:1:2:3.4.5.6")).toBe(key);
    expect(addressBudgetKey("2001:db8:aa:bc::1")).not.toBe(key);
    expect(addressBudgetKey("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps IPv4 addresses apart and puts unknown callers in one budget", () => {
    expect(addressBudgetKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBudgetKey(null)).toBe("unknown");
  });
});
