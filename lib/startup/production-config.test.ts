import { describe, expect, it } from "vitest";
import { parseEnv, type Env } from "@/lib/env";
import { productionConfigProblems } from "./production-config";

const good = {
  BETTER_AUTH_SECRET: "s".repeat(32),
  BETTER_AUTH_URL: "https://uds.example.com",
  SMTP_URL: "smtp://mail.example.com:587",
} as Env;

describe("production start-up settings", () => {
  it("accepts a complete production configuration", () => {
    expect(productionConfigProblems(good)).toEqual([]);
  });

  it("names SMTP_URL when production has no mail server for sign-up confirmations", () => {
    const problems = productionConfigProblems({ ...good, SMTP_URL: undefined });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SMTP_URL: must be set in production/);
  });
});

describe("webhooks to private addresses in production", () => {
  it("refuses WEBHOOKS_ALLOW_PRIVATE=1 on a public server, naming the variable", () => {
    const problems = productionConfigProblems({ ...good, WEBHOOKS_ALLOW_PRIVATE: true });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^WEBHOOKS_ALLOW_PRIVATE: must not be 1 in production/);
    expect(productionConfigProblems({ ...good, BETTER_AUTH_URL: undefined, WEBHOOKS_ALLOW_PRIVATE: true })).toEqual([
      expect.stringMatching(/^BETTER_AUTH_URL: must be set/),
      expect.stringMatching(/^WEBHOOKS_ALLOW_PRIVATE: /),
    ]);
  });

  it.each(["http://127.0.0.1:3100", "http://localhost:3000", "https://[::1]:3000", "https://127.0.0.2"])(
    "allows it when the server itself is local (%s), as the end-to-end production server is",
    (url) => {
      expect(productionConfigProblems({ ...good, BETTER_AUTH_URL: url, WEBHOOKS_ALLOW_PRIVATE: true })).toEqual([]);
    },
  );

  it("is off in production unless set, and on by default only in development", () => {
    expect(parseEnv({ NODE_ENV: "production" }).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(parseEnv({ NODE_ENV: "test" }).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(parseEnv({ NODE_ENV: "development" }).WEBHOOKS_ALLOW_PRIVATE).toBe(true);
    expect(parseEnv({ NODE_ENV: "development", WEBHOOKS_ALLOW_PRIVATE: "0" }).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(parseEnv({ NODE_ENV: "production", WEBHOOKS_ALLOW_PRIVATE: "1" }).WEBHOOKS_ALLOW_PRIVATE).toBe(true);
    expect(() => parseEnv({ WEBHOOKS_ALLOW_PRIVATE: "yes" })).toThrow(/WEBHOOKS_ALLOW_PRIVATE: must be 0 or 1/);
  });
});
