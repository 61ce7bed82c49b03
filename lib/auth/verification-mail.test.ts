import { afterEach, describe, expect, it, vi } from "vitest";

// Development without a mail server: the set-up file gives every test file one, so take it away
// before the environment is first read.
delete process.env.SMTP_URL;
const { sendVerificationMail } = await import("./verification-mail");
const { env } = await import("@/lib/env");

describe("the verification email without SMTP_URL", () => {
  afterEach(() => vi.restoreAllMocks());

  it("prints the link to the server log instead of sending", async () => {
    expect(env().SMTP_URL).toBeUndefined();
    const written = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const url = "http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2F";
    await sendVerificationMail({ to: "new@example.com", url });
    const lines = written.mock.calls.map(([chunk]) => JSON.parse(String(chunk)) as { level: number; msg: string });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: expect.stringContaining("new@example.com") });
    expect(lines[0]!.msg).toContain(url);
  });
});
