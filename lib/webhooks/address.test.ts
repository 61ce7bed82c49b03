import { describe, expect, it } from "vitest";
import { isForbiddenAddress } from "./address";
import { checkTarget, TargetRefused, type Resolver } from "./server/target";

const FORBIDDEN = [
  "0.0.0.0",
  "10.0.0.1",
  "10.255.255.255",
  "100.64.0.1",
  "127.0.0.1",
  "127.1.2.3",
  "169.254.169.254",
  "169.254.0.1",
  "172.16.0.1",
  "172.31.255.254",
  "192.168.1.1",
  "192.0.0.8",
  "198.18.0.1",
  "224.0.0.1",
  "255.255.255.255",
  "::",
  "::1",
  "fc00::1",
  "fd00:ec2::254",
  "fdff:ffff::1",
  "fe80::1",
  "fe80::1%eth0",
  "febf::1",
  "ff02::1",
  "::ffff:127.0.0.1",
  "::ffff:169.254.169.254",
  "::ffff:10.1.2.3",
  "::ffff:7f00:1",
  "::ffff:a9fe:a9fe",
  "64:ff9b::a00:1",
  "2002:a00:1::",
  "not-an-address",
];
const ALLOWED = [
  "8.8.8.8",
  "1.1.1.1",
  "172.32.0.1",
  "172.15.255.255",
  "169.255.0.1",
  "100.128.0.1",
  "2606:4700:4700::1111",
  "2001:4860::8888",
  "::ffff:8.8.8.8",
];

describe("webhook address checks", () => {
  it.each(FORBIDDEN)("refuses %s", (address) => expect(isForbiddenAddress(address)).toBe(true));
  it.each(ALLOWED)("allows the public address %s", (address) => expect(isForbiddenAddress(address)).toBe(false));
});

const dns =
  (answers: Record<string, string[]>): Resolver =>
  async (host) => {
    const list = answers[host];
    if (!list) throw new Error("ENOTFOUND");
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

describe("webhook target checks", () => {
  const policy = {
    allowPrivate: false,
    resolve: dns({ "hooks.example.com": ["93.184.215.14"], "mixed.example.com": ["93.184.215.14", "10.0.0.5"] }),
  };

  it("accepts https to a name whose addresses are all public, and returns the address to connect to", async () => {
    await expect(checkTarget("https://hooks.example.com/in", policy)).resolves.toMatchObject({ address: "93.184.215.14", family: 4 });
  });

  it.each([
    ["http://hooks.example.com/in", /https:\/\//],
    ["ftp://hooks.example.com/in", /https:\/\//],
    ["not a url", /full URL/],
    ["https://user:pass@hooks.example.com/in", /user name or password/],
    ["https://127.0.0.1/in", /127\.0\.0\.1/],
    ["https://[::1]/in", /::1/],
    ["https://[::ffff:169.254.169.254]/in", /private/],
    ["https://169.254.169.254/latest/meta-data", /169\.254\.169\.254/],
    ["https://mixed.example.com/in", /10\.0\.0\.5/],
    ["https://nowhere.example.com/in", /does not resolve/],
  ])("refuses %s", async (url, message) => {
    await expect(checkTarget(url, policy)).rejects.toThrow(TargetRefused);
    await expect(checkTarget(url, policy)).rejects.toThrow(message);
  });

  it("checks DNS again every time: a name that turned to a private address is refused (rebinding)", async () => {
    let answer = "93.184.215.14";
    const rebinding: Resolver = async () => [{ address: answer, family: 4 }];
    await expect(checkTarget("https://rebind.example.com/", { allowPrivate: false, resolve: rebinding })).resolves.toBeTruthy();
    answer = "127.0.0.1";
    await expect(checkTarget("https://rebind.example.com/", { allowPrivate: false, resolve: rebinding })).rejects.toThrow(/127\.0\.0\.1/);
  });

  it("allows loopback and plain http only with WEBHOOKS_ALLOW_PRIVATE", async () => {
    await expect(checkTarget("http://127.0.0.1:8080/in", { allowPrivate: true })).resolves.toMatchObject({ address: "127.0.0.1" });
    await expect(checkTarget("http://127.0.0.1:8080/in", { allowPrivate: false })).rejects.toThrow(TargetRefused);
  });
});
