import { beforeAll, describe, expect, it } from "vitest";
import { dumpStore } from "../support/api";
import { type Partner, signIn, signUp } from "../support/portal";
import { streamedBody } from "../support/streamed-body";
import { callRoute } from "../support/routes";

const ORIGIN = "http://localhost";
const KB = 1024;
const LIMIT = 64 * KB;
const TOO_LARGE = (bytes: number) => ({ error: `body: larger than the limit of ${bytes} bytes` });

let partner: Partner;
beforeAll(async () => {
  partner = await signUp();
});

/** Small chunks, so a cut just past 64 KB shows in what was pulled. */
const streamed = (totalBytes: number) => streamedBody(totalBytes, 16 * KB);

const declared = (bytes: number) => ({ "content-length": String(bytes) });
const json = { "content-type": "application/json", origin: ORIGIN };

describe("portal and auth routes refuse bodies over 64 KB with 413 before reading them whole", () => {
  it.each([
    ["sign-up", "/api/auth/sign-up/email"],
    ["sign-in", "/api/auth/sign-in/email"],
    ["sign-out", "/api/auth/sign-out"],
  ])("%s: a declared 10 MB body is refused by its length", async (_name, path) => {
    const { body, progress } = streamed(10 * 1024 * KB);
    const response = await callRoute(
      new Request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { ...json, ...declared(10 * 1024 * KB) },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject(TOO_LARGE(LIMIT));
    expect(progress.pulled).toBeLessThanOrEqual(64 * KB);
  });

  it("auth: a streamed body is cut just past 64 KB, and nothing is signed up", async () => {
    const before = await dumpStore();
    const { body, progress } = streamed(10 * 1024 * KB);
    const response = await callRoute(
      new Request(`${ORIGIN}/api/auth/sign-up/email`, { method: "POST", headers: json, body, duplex: "half" } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject(TOO_LARGE(LIMIT));
    expect(progress.pulled).toBeLessThan(LIMIT + 64 * KB);
    expect(await dumpStore()).toEqual(before);
  });

  it("auth: a normal sign-in still works through the limit", async () => {
    const response = await signIn(partner.email, partner.password);
    expect(response.status).toBe(200);
  });

  it("portal: declared bodies over 64 KB are refused on every route, before the session is read", async () => {
    const headers = { ...json, cookie: partner.cookie, ...declared(65 * KB) };
    const big = "x".repeat(65 * KB);
    const answers = [
      await callRoute(new Request(`${ORIGIN}/api/portal/keys`, { method: "POST", headers, body: big })),
      await callRoute(new Request(`${ORIGIN}/api/portal/keys/k`, { method: "DELETE", headers, body: big })),
      await callRoute(new Request(`${ORIGIN}/api/portal/collections/c/perks/p`, { method: "DELETE", headers, body: big })),
      await callRoute(new Request(`${ORIGIN}/api/portal/collections`, { headers: { ...headers } })),
    ];
    for (const response of answers) {
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject(TOO_LARGE(LIMIT));
    }
  });

  it("portal: a streamed key request is cut at its own small limit", async () => {
    const { body, progress } = streamed(10 * 1024 * KB);
    const response = await callRoute(
      new Request(`${ORIGIN}/api/portal/keys`, {
        method: "POST",
        headers: { ...json, cookie: partner.cookie },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(progress.pulled).toBeLessThan(64 * KB);
  });

  it("portal save keeps the API's 1 MiB limit (one valid collection can pass 64 KB), declared or streamed", async () => {
    const headers = { ...json, cookie: partner.cookie };
    const declaredBig = await callRoute(
      new Request(`${ORIGIN}/api/portal/save`, { method: "POST", headers: { ...headers, ...declared(2 * 1024 * KB) }, body: "{}" }),
    );
    expect(declaredBig.status).toBe(413);
    const { body, progress } = streamed(10 * 1024 * KB);
    const streamedBig = await callRoute(
      new Request(`${ORIGIN}/api/portal/save`, { method: "POST", headers, body, duplex: "half" } as RequestInit),
    );
    expect(streamedBig.status).toBe(413);
    expect(progress.pulled).toBeLessThan(1024 * KB + 64 * KB);
    // A valid collection of ~100 KB saves.
    const names = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(500, "n"));
    const saved = await callRoute(
      new Request(`${ORIGIN}/api/portal/save`, {
        method: "POST",
        headers,
        body: JSON.stringify({ nftData: { Title: "Large", ContractChain: "E", PropertiesNames: names, PropertiesValues: names } }),
      }),
    );
    expect(saved.status).toBe(200);
  });
});
