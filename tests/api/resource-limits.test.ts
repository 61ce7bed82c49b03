import { beforeAll, describe, expect, it } from "vitest";
import { type Caller, create, dumpStore, newCaller, search, validCollection, validPerk } from "../support/api";
import { streamedBody } from "../support/streamed-body";
import { callRoute } from "../support/routes";
import { createRequestSchema } from "@/lib/schemas/create-request";

let caller: Caller;
beforeAll(async () => {
  caller = await newCaller();
});

const MiB = 1024 * 1024;
const TOO_LARGE = { error: "body: larger than the limit of 1048576 bytes" };

async function expectRefused(body: string, status: number, error: { error: string }) {
  const before = await dumpStore();
  const response = await create(caller.key, body);
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject(error);
  expect(await dumpStore()).toEqual(before);
}

/** A create request whose body is streamed in 64 KiB chunks with no Content-Length. */
function streamedRequest(totalBytes: number) {
  const { body, progress } = streamedBody(totalBytes, 64 * 1024);
  const request = new Request("http://localhost/api-gateway/create", {
    method: "POST",
    headers: { authorization: `Bearer ${caller.key}`, "x-forwarded-for": "10.9.9.9" },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, progress };
}

describe("resource consumption: oversized and pathological input is refused cheaply, storing nothing", () => {
  it("refuses a declared 10 MB body by its length, before reading it", async () => {
    const { request, progress } = streamedRequest(10 * MiB);
    const declared = new Request(request, { headers: { ...Object.fromEntries(request.headers), "content-length": String(10 * MiB) } });
    const response = await callRoute(declared);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject(TOO_LARGE);
    // Nothing beyond what the stream pre-buffers was pulled.
    expect(progress.pulled).toBeLessThanOrEqual(128 * 1024);
  });

  it("stops reading a chunked 10 MB body without Content-Length just past 1 MiB, with memory staying flat", async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const { request, progress } = streamedRequest(10 * MiB);
    const response = await callRoute(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject(TOO_LARGE);
    expect(progress.pulled).toBeLessThan(MiB + 256 * 1024);
    // Far less than the 10 MB a full read would hold (generous margin for the test runner's own churn).
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(8 * MiB);
  });

  it("refuses 10,000 perks by count (400) or size (413), never storing any", async () => {
    const small = Array.from({ length: 10_000 }, () => ({ ShortDescription: "x", Tags: ["Merch"] }));
    await expectRefused(JSON.stringify({ nftData: validCollection(), perkData: small }), 400, {
      error: "perkData: at most 100 perks per request",
    });
    const full = Array.from({ length: 10_000 }, () => validPerk());
    await expectRefused(JSON.stringify({ nftData: validCollection(), perkData: full }), 413, TOO_LARGE);
  });

  it("refuses a 1 MiB array of zeros by its length, before reading its items: one small error naming the field", async () => {
    // 500,000 items in a body just under the byte limit: zod reads an array's bound first only
    // while the bound is its first check, else every item adds an issue before the bound applies.
    const zeros = `[${"0,".repeat(499_999)}0]`;
    for (const [body, field] of [
      [`{"perkData":${zeros}}`, "perkData: at most 100 perks per request"],
      [`{"nftData":{"Title":"x","ContractChain":"x","PropertiesNames":${zeros}}}`, "nftData.PropertiesNames: at most 100 items"],
    ] as const) {
      expect(body.length).toBeLessThan(MiB);
      const parsed = createRequestSchema.safeParse(JSON.parse(body));
      expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual([field.split(":")[0]]);
      const response = await create(caller.key, body);
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ error: field });
      expect(text.length).toBeLessThan(200);
    }
  });

  it("refuses 1 MB strings", async () => {
    await expectRefused(JSON.stringify({ nftData: validCollection({ Title: "x".repeat(MiB) }) }), 413, TOO_LARGE);
    await expectRefused(JSON.stringify({ nftData: validCollection({ Title: "x".repeat(MiB - 4096) }) }), 400, {
      error: "nftData.Title: at most 200 characters",
    });
  });

  it.each([10_000, 100_000])("refuses JSON nested %i deep with a field error, not a crash", async (depth) => {
    const nested = `${"[".repeat(depth)}${"]".repeat(depth)}`;
    await expectRefused(`{"nftData": {"Title": ${nested}, "ContractChain": "x"}}`, 400, { error: "nftData.Title: expected a string" });
    await expectRefused(`{"nftData": {"Title": "x", "ContractChain": "x", "Deep": ${nested}}}`, 400, {
      error: "nftData.Deep: unknown field",
    });
  });

  it("refuses an absurd pageNum and a 10,000-character query with 400", async () => {
    const page = await search(caller.key, { pageNum: "1000000000000" });
    expect(page.status).toBe(400);
    expect(await page.json()).toMatchObject({ error: "pageNum: must be a positive integer below 1,000,000,000" });
    const query = await search(caller.key, { query: "otter ".repeat(1_700).slice(0, 10_000) });
    expect(query.status).toBe(400);
    expect(await query.json()).toMatchObject({ error: "query: at most 500 characters" });
  });
});
