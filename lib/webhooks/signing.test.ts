import { createHmac, timingSafeEqual } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signWebhook } from "./signing";

/** The Standard Webhooks reference algorithm, written out from the specification. */
function referenceVerify(secret: string, headers: Record<string, string>, body: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`).digest();
  return headers["webhook-signature"]!.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

describe("webhook signing", () => {
  const body = JSON.stringify({
    type: "collection.updated",
    timestamp: "2026-11-24T04:00:00.000Z",
    data: { PlatformNFTId: "abc", Version: 2 },
  });

  it("issues whsec_ secrets of 24 random bytes", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it("signs id, timestamp and body as the reference algorithm and the standard's library verify", () => {
    const secret = newWebhookSecret();
    const at = new Date();
    const headers = signWebhook(secret, "msg_1", at, body);
    expect(headers["webhook-id"]).toBe("msg_1");
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(referenceVerify(secret, headers, body)).toBe(true);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("a changed body, id, timestamp or secret does not verify", () => {
    const secret = newWebhookSecret();
    const headers = signWebhook(secret, "msg_1", new Date(), body);
    expect(referenceVerify(secret, headers, body.replace("2", "3"))).toBe(false);
    expect(referenceVerify(secret, { ...headers, "webhook-id": "msg_2" }, body)).toBe(false);
    expect(referenceVerify(secret, { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) + 1) }, body)).toBe(
      false,
    );
    expect(referenceVerify(newWebhookSecret(), headers, body)).toBe(false);
  });

  it("an old timestamp is refused by the standard's verifier (replay protection on the receiver)", () => {
    const secret = newWebhookSecret();
    const headers = signWebhook(secret, "msg_1", new Date(Date.now() - 60 * 60 * 1000), body);
    expect(referenceVerify(secret, headers, body)).toBe(true);
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/too old/i);
  });
});
