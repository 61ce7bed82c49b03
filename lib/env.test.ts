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

describe("the worker and chain settings", () => {
  it("run the queues in the server unless told not to, which needs PostgreSQL", () => {
    expect(parseEnv({}).IN_PROCESS_WORKERS).toBe(true);
    expect(parseEnv({ IN_PROCESS_WORKERS: "0", DATABASE_URL: "postgres://db/uds" }).IN_PROCESS_WORKERS).toBe(false);
    expect(() => parseEnv({ IN_PROCESS_WORKERS: "0" })).toThrow(/IN_PROCESS_WORKERS: 0 needs DATABASE_URL/);
  });

  it("bound a JSON-RPC request by CHAIN_REQUEST_TIMEOUT_MS and sweep every CHAIN_SYNC_SWEEP_SECONDS", () => {
    expect(parseEnv({})).toMatchObject({ CHAIN_REQUEST_TIMEOUT_MS: 10_000, CHAIN_SYNC_SWEEP_SECONDS: 600 });
    expect(() => parseEnv({ CHAIN_REQUEST_TIMEOUT_MS: "50" })).toThrow(/CHAIN_REQUEST_TIMEOUT_MS: at least 100/);
    expect(() => parseEnv({ CHAIN_SYNC_SWEEP_SECONDS: "0" })).toThrow(/CHAIN_SYNC_SWEEP_SECONDS/);
  });
});
