import { describe, expect, it } from "vitest";
import { plainLogLine } from "@/scripts/dev/plain-log-line";

describe("plainLogLine", () => {
  it("prints a JSON log line as its message, with a level word above info and the error's message", () => {
    const link = "Team invitation link for ann@example.com (SMTP_URL is not set): http://localhost:3000/portal/invitation?token=abc";
    expect(plainLogLine(JSON.stringify({ level: 30, time: 1, pid: 7, msg: link }))).toBe(link);
    expect(plainLogLine(JSON.stringify({ level: 50, pid: 7, err: { message: "connect ECONNREFUSED" }, msg: "chain sync sweep" }))).toBe(
      "Error: chain sync sweep (connect ECONNREFUSED)",
    );
    expect(plainLogLine(JSON.stringify({ level: 40, msg: "slow request" }))).toBe("Warning: slow request");
  });
  it("keeps any other line as it is", () => {
    for (const line of ["✓ Ready in 2.1s", "{not json", '{"a":1}', "GET / 200 in 35ms"]) expect(plainLogLine(line)).toBe(line);
  });
});
