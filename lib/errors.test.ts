import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, ERROR_CODES, badApiKey, errorBody, staleVersion } from "./errors";
import { describeIssue, issueDetail } from "./schemas/issue-path";

describe("an error answer's code and field", () => {
  it("names the field a message leads with, and the status's code", () => {
    expect(errorBody(400, 'perkData[2].Tags[0]: unknown category "Cooking"')).toEqual({
      error: 'perkData[2].Tags[0]: unknown category "Cooking"',
      code: "invalid_field",
      field: "perkData[2].Tags[0]",
    });
    expect(errorBody(404, 'PlatformNFTId: collection "x" not found')).toMatchObject({ code: "not_found", field: "PlatformNFTId" });
    expect(errorBody(415, 'Content-Encoding: "gzip" is not supported')).toMatchObject({
      code: "unsupported_media_type",
      field: "Content-Encoding",
    });
  });

  it("gives no field to a message about no one field", () => {
    expect(errorBody(400, "Can't Unmarshal Body")).toEqual({ error: "Can't Unmarshal Body", code: "invalid_request" });
    expect(errorBody(403, "This needs the editor role in the team (or a stronger one)")).toEqual({
      error: "This needs the editor role in the team (or a stronger one)",
      code: "forbidden",
    });
    expect(errorBody(413, "body: larger than the limit of 10 bytes", { field: null })).toEqual({
      error: "body: larger than the limit of 10 bytes",
      code: "payload_too_large",
    });
  });

  it("keeps the message byte for byte and a code the producer chose", () => {
    const stale = staleVersion("nftData.Version", 4, 3);
    expect(stale.body()).toEqual({
      error:
        "nftData.Version: the collection is at version 4, not 3; it was changed by someone else. Read it again and reapply your change.",
      code: "version_conflict",
      field: "nftData.Version",
    });
    expect(badApiKey().body()).toEqual({ error: "Bad API Key", code: "unauthorized" });
    expect(new AppError(429, "Too Many Requests").code).toBe("rate_limited");
  });

  it("uses only words of the published list, in snake_case", () => {
    for (const status of [400, 401, 403, 404, 405, 409, 413, 415, 418, 422, 429, 500, 502, 503]) {
      expect(ERROR_CODES).toContain(errorBody(status, "x").code);
    }
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});

describe("a failed parse's code and field", () => {
  const schema = z.strictObject({ nftData: z.strictObject({ Title: z.string({ error: "expected a string" }) }) });

  it("an unknown field: unknown_field, the path of the field", () => {
    const failure = schema.safeParse({ nftData: { Title: "x", title: "y" } }).error!;
    expect(describeIssue(failure)).toBe("nftData.title: unknown field");
    expect(issueDetail(failure)).toEqual({ code: "unknown_field", field: "nftData.title" });
  });

  it("a bad value: invalid_field, the path of the value", () => {
    const failure = schema.safeParse({ nftData: { Title: 1 } }).error!;
    expect(describeIssue(failure)).toBe("nftData.Title: expected a string");
    expect(issueDetail(failure)).toEqual({ code: "invalid_field", field: "nftData.Title" });
    expect(issueDetail(failure, "query")).toEqual({ code: "invalid_field", field: "query.nftData.Title" });
  });
});
