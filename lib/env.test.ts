import { describe, expect, it } from "vitest";
import { ENV_VARIABLES, parseEnv } from "./env";

describe("the webhook settings", () => {
  it("limit an attempt to 10 s unless told otherwise, and refuse a limit out of range, naming the variable", () => {
    expect(parseEnv({}).WEBHOOKS_ATTEMPT_TIMEOUT_MS).toBe(10_000);
    expect(parseEnv({ WEBHOOKS_ATTEMPT_TIMEOUT_MS: "3000" }).WEBHOOKS_ATTEMPT_TIMEOUT_MS).toBe(3_000);
    expect(() => parseEnv({ WEBHOOKS_ATTEMPT_TIMEOUT_MS: "500" })).toThrow(/WEBHOOKS_ATTEMPT_TIMEOUT_MS: at least 1000/);
    expect(() => parseEnv({ WEBHOOKS_ATTEMPT_TIMEOUT_MS: "60000" })).toThrow(/WEBHOOKS_ATTEMPT_TIMEOUT_MS: at most 30000/);
    expect(() => parseEnv({ WEBHOOKS_ATTEMPT_TIMEOUT_MS: "soon" })).toThrow(/WEBHOOKS_ATTEMPT_TIMEOUT_MS: must be a number/);
  });

  it("allow local webhook targets by default only in development", () => {
    expect(parseEnv({ NODE_ENV: "development" }).WEBHOOKS_ALLOW_PRIVATE).toBe(true);
    expect(parseEnv({ NODE_ENV: "production" }).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(parseEnv({ NODE_ENV: "development", WEBHOOKS_ALLOW_PRIVATE: "" }).WEBHOOKS_ALLOW_PRIVATE).toBe(true);
  });
});

describe("the configuration reference", () => {
  it("documents every variable the service reads, each in its own table row", async () => {
    const { readFile } = await import("node:fs/promises");
    const reference = await readFile(new URL("../docs/configuration.md", import.meta.url), "utf8");
    const documented = new Set([...reference.matchAll(/^\| `([^|]+)` \|/gm)].flatMap((row) => row[1]!.split(/`, `/)));
    const perChain = (name: string) => name.replace(/^(CHAIN_RPC_|CHAIN_START_BLOCK_).+$/, "$1<LABEL>");
    const missing = ENV_VARIABLES.filter((name) => name !== "NODE_ENV" && !documented.has(perChain(name)));
    expect(missing).toEqual([]);
  });
});
