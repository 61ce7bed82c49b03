import { describe, expect, it } from "vitest";
import type { Env } from "@/lib/env";
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
