import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AttemptUnderWay, runDeliveryAttempt } from "@/lib/webhooks/server/deliver";
import { ACCOUNT_SLOTS } from "@/lib/webhooks/server/claim";
import { DELIVERY_SLOTS, startWebhookWorker, type WebhookWorker } from "@/lib/webhooks/server/worker";
import { validCollection, validPerk } from "../support/api";
import { portal, signUp, type Partner } from "../support/portal";
import { callRoute } from "../support/routes";

// Deliveries go to this file's own HTTP server on 127.0.0.1, which only this setting allows.
process.env.WEBHOOKS_ALLOW_PRIVATE = "1";

const ORIGIN = "http://localhost";
const as = (partner: Partner) => ({ cookie: partner.cookie, origin: ORIGIN });

type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
/** Event types whose every delivery gets a 500 twice before a 204 (set before the write, so no attempt slips through). */
const failTwice = new Set<string>();
const failures = new Map<string, number>();
let failEverything = false;

/** Answers to requests on /held, kept until a test lets them go. */
const held: ServerResponse[] = [];
/** How many of them are open now (neither answered nor given up by the sender), and the most ever at once. */
const open = { now: 0, most: 0 };

const receiver = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    received.push({ headers: request.headers, body });
    if (request.url === "/held") {
      held.push(response);
      open.now += 1;
      open.most = Math.max(open.most, open.now);
      response.on("close", () => (open.now -= 1));
      return;
    }
    if (request.url === "/text") {
      response.writeHead(202, { "content-type": "text/plain" }).end("thanks, got it");
      return;
    }
    const id = String(request.headers["webhook-id"]);
    const failed = failures.get(id) ?? 0;
    const type = (JSON.parse(body) as { type: string }).type;
    if (failEverything || (failTwice.has(type) && failed < 2)) {
      failures.set(id, failed + 1);
      response.writeHead(500).end("receiver is down");
    } else response.writeHead(204).end();
  });
});
let hookUrl = "";
let worker: WebhookWorker;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // The real schedule at 1/2000: 2.5 ms, 150 ms, 0.9 s…, a 24-hour window of 43 s.
  worker = await startWebhookWorker({ scale: 0.0005, pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  for (const response of held) response.destroy();
  await worker?.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

function call(partner: Partner, method: string, path: string, body?: unknown) {
  return callRoute(
    new Request(`${ORIGIN}/api/portal/webhooks${path}`, {
      method,
      headers: { ...as(partner), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

async function register(
  partner: Partner,
  events = ["collection.created", "collection.updated", "perk.created", "perk.deleted", "collection.deleted"],
) {
  const response = await call(partner, "POST", "", { url: hookUrl, events });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json as { secret: string; endpoint: { id: string } };
}

async function log(partner: Partner, endpointId: string) {
  const response = await call(partner, "GET", `/${endpointId}/deliveries`);
  expect(response.status).toBe(200);
  return (await response.json()) as { endpoint: Record<string, unknown>; deliveries: Record<string, any>[] };
}

const deliveriesOf = (id: string) => received.filter((entry) => entry.headers["webhook-id"] === id);
const wait = { timeout: 120_000, interval: 100 };

describe("webhook registration", { timeout: 120_000 }, () => {
  it("shows the secret once, lists endpoints without it, and refuses bad URLs and events with a 400 naming the field", async () => {
    const partner = await signUp();
    const { secret, endpoint } = await register(partner);
    expect(secret).toMatch(/^whsec_/);
    const list = await (await call(partner, "GET", "")).json();
    expect(list.endpoints).toEqual([expect.objectContaining({ id: endpoint.id, url: hookUrl, enabled: true })]);
    expect(JSON.stringify(list)).not.toContain(secret);

    for (const [body, message] of [
      [{ url: "ftp://example.com/x", events: ["perk.created"] }, /^url: /],
      [{ url: "example.com", events: ["perk.created"] }, /^url: /],
      [{ url: hookUrl, events: [] }, /^events: /],
      [{ url: hookUrl, events: ["perk.exploded"] }, /^events\[0\]: /],
    ] as const) {
      const response = await call(partner, "POST", "", body);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(message);
    }
    // The same URL again would only double every delivery.
    const again = await call(partner, "POST", "", { url: hookUrl, events: ["perk.created"] });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toMatch(/^url: this URL is already registered/);
    expect((await (await call(partner, "GET", "")).json()).endpoints).toHaveLength(1);

    const other = await signUp();
    expect((await call(other, "DELETE", `/${endpoint.id}`)).status).toBe(404);
    expect((await call(partner, "DELETE", `/${endpoint.id}`)).status).toBe(200);
    expect((await (await call(partner, "GET", "")).json()).endpoints).toEqual([]);
  });

  it("refuses a cross-site request", async () => {
    const partner = await signUp();
    const response = await callRoute(
      new Request(`${ORIGIN}/api/portal/webhooks`, {
        method: "POST",
        headers: { cookie: partner.cookie, origin: "https://evil.example", "content-type": "application/json" },
        body: JSON.stringify({ url: hookUrl, events: ["perk.created"] }),
      }),
    );
    expect(response.status).toBe(403);
  });
});

describe("webhook deliveries", { timeout: 240_000 }, () => {
  it("delivers signed events of a committed write, retries after 500s, and sends nothing for a rolled-back one", async () => {
    const partner = await signUp();
    const { secret, endpoint } = await register(partner);
    failTwice.add("collection.created");
    const saved = await portal.save(as(partner), { nftData: validCollection({ Title: "Hooked" }), perkData: [validPerk()] });
    expect(saved.status).toBe(200);
    const echo = await saved.json();

    const first = await vi.waitFor(async () => {
      const { deliveries } = await log(partner, endpoint.id);
      expect(deliveries).toHaveLength(2);
      return deliveries;
    }, wait);
    const created = first.find((row) => row.eventType === "collection.created")!;
    await vi.waitFor(async () => {
      const row = (await log(partner, endpoint.id)).deliveries.find((entry) => entry.id === created.id)!;
      expect(row).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 204, lastError: null });
    }, wait);

    const attempts = deliveriesOf(created.id);
    expect(attempts).toHaveLength(3);
    for (const attempt of attempts) {
      const verified = new Webhook(secret).verify(attempt.body, attempt.headers as Record<string, string>);
      expect(verified).toMatchObject({ type: "collection.created", data: { PlatformNFTId: echo.nftData.PlatformNFTId, Version: 1 } });
    }
    expect(new Set(attempts.map((attempt) => attempt.body)).size).toBe(1);
    failTwice.clear();

    // A write refused inside its transaction (stale Version) queues nothing.
    const countBefore = (await log(partner, endpoint.id)).deliveries.length;
    const stale = await portal.save(as(partner), { nftData: { ...echo.nftData, Version: 7 } });
    expect(stale.status).toBe(409);
    const edited = await portal.save(as(partner), { nftData: { ...echo.nftData, Title: "Renamed" } });
    expect(edited.status).toBe(200);
    await vi.waitFor(async () => {
      const { deliveries } = await log(partner, endpoint.id);
      expect(deliveries).toHaveLength(countBefore + 1);
      expect(deliveries[0]).toMatchObject({ eventType: "collection.updated", status: "delivered" });
    }, wait);
  });

  it("a write of a collection with 100 perks sends two events to an endpoint, the perks listed in one", async () => {
    const partner = await signUp();
    const { endpoint } = await register(partner, ["collection.created", "perk.created"]);
    const saved = await portal.save(as(partner), {
      nftData: validCollection(),
      perkData: Array.from({ length: 100 }, (_, index) => validPerk({ ShortDescription: `Perk ${index}` })),
    });
    expect(saved.status).toBe(200);
    const echo = await saved.json();
    const rows = await vi.waitFor(async () => {
      const { deliveries } = await log(partner, endpoint.id);
      expect(deliveries.map((row) => row.status)).toEqual(["delivered", "delivered"]);
      return deliveries;
    }, wait);
    expect(rows.map((row) => row.eventType).sort()).toEqual(["collection.created", "perk.created"]);
    const perkEvent = deliveriesOf(rows.find((row) => row.eventType === "perk.created")!.id);
    expect(perkEvent).toHaveLength(1);
    const listed = (JSON.parse(perkEvent[0]!.body) as { data: { Perks: { PlatformPerkId: string }[] } }).data.Perks;
    expect(listed.map((perk) => perk.PlatformPerkId)).toEqual(echo.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId));
  });

  it("resends a delivery with the same id on request", async () => {
    const partner = await signUp();
    const { endpoint } = await register(partner);
    expect((await portal.save(as(partner), { nftData: validCollection() })).status).toBe(200);
    const delivered = await vi.waitFor(async () => {
      const [row] = (await log(partner, endpoint.id)).deliveries;
      expect(row).toMatchObject({ status: "delivered" });
      return row!;
    }, wait);
    const resend = await call(partner, "POST", `/${endpoint.id}/deliveries/${delivered.id}/resend`);
    expect(resend.status).toBe(200);
    await vi.waitFor(() => expect(deliveriesOf(delivered.id)).toHaveLength(2), wait);
    await vi.waitFor(async () => {
      expect((await log(partner, endpoint.id)).deliveries[0]).toMatchObject({ id: delivered.id, status: "delivered", attempts: 2 });
    }, wait);
    expect((await call(partner, "POST", `/${endpoint.id}/deliveries/msg_unknown/resend`)).status).toBe(404);
  });

  it("disables an endpoint that fails for the whole (scaled) 24 hours, says why, and can be enabled again", async () => {
    const partner = await signUp();
    const { endpoint } = await register(partner);
    failEverything = true;
    try {
      expect((await portal.save(as(partner), { nftData: validCollection() })).status).toBe(200);
      await vi.waitFor(
        async () => {
          const { endpoint: state, deliveries } = await log(partner, endpoint.id);
          expect(state).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/failed for 24 hours.*HTTP 500/) });
          expect(deliveries[0]).toMatchObject({ status: "failed", lastStatusCode: 500 });
        },
        { timeout: 180_000, interval: 500 },
      );
    } finally {
      failEverything = false;
    }
    // A disabled endpoint gets nothing new.
    const before = (await log(partner, endpoint.id)).deliveries.length;
    expect((await portal.save(as(partner), { nftData: validCollection() })).status).toBe(200);
    expect((await log(partner, endpoint.id)).deliveries).toHaveLength(before);

    const enabled = await call(partner, "POST", `/${endpoint.id}/enable`);
    expect(enabled.status).toBe(200);
    expect((await enabled.json()).endpoint).toMatchObject({ enabled: true, disabledReason: null });
  }, 240_000);
});

describe("one attempt at a time", { timeout: 120_000 }, () => {
  it("sends no second attempt of a delivery while one waits for its answer: a resend is a 409, a repeated job sends nothing", async () => {
    const partner = await signUp();
    const base = hookUrl.replace(/\/hooks$/, "");
    const response = await call(partner, "POST", "", { url: `${base}/held`, events: ["collection.created"] });
    const { endpoint } = (await response.json()) as { endpoint: { id: string } };
    const before = held.length;
    expect((await portal.save(as(partner), { nftData: validCollection() })).status).toBe(200);
    await vi.waitFor(() => expect(held.length).toBe(before + 1), wait);
    const [delivery] = (await log(partner, endpoint.id)).deliveries;
    expect(delivery).toMatchObject({ status: "pending", attempts: 0 });

    const resend = await call(partner, "POST", `/${endpoint.id}/deliveries/${delivery!.id}/resend`);
    expect(resend.status).toBe(409);
    expect((await resend.json()).error).toMatch(/under way/);
    // pg-boss handing the same attempt out again (an expired job, another instance) sends nothing either.
    await expect(runDeliveryAttempt({ deliveryId: delivery!.id, attempt: 1 }, { allowPrivate: true, timeoutMs: 10_000 })).rejects.toThrow(
      AttemptUnderWay,
    );
    expect(held.length).toBe(before + 1);

    held.at(-1)!.writeHead(204).end();
    await vi.waitFor(async () => {
      expect((await log(partner, endpoint.id)).deliveries[0]).toMatchObject({ status: "delivered", attempts: 1 });
    }, wait);
    expect(deliveriesOf(delivery!.id)).toHaveLength(1);
    // Answered, it may be resent again.
    expect((await call(partner, "POST", `/${endpoint.id}/deliveries/${delivery!.id}/resend`)).status).toBe(200);
    await vi.waitFor(() => expect(held.length).toBe(before + 2), wait);
    held.at(-1)!.writeHead(204).end();
  });
});

describe("fair scheduling", { timeout: 120_000 }, () => {
  it("an account whose endpoint never answers holds at most its share of the slots; another account's delivery goes on", async () => {
    const slow = await signUp();
    const base = hookUrl.replace(/\/hooks$/, "");
    const heldBefore = held.length;
    open.most = open.now;
    const { endpoint: slowEndpoint } = (await (
      await call(slow, "POST", "", { url: `${base}/held`, events: ["collection.created"] })
    ).json()) as {
      endpoint: { id: string };
    };
    // More waiting deliveries than the worker has slots.
    for (let index = 0; index < DELIVERY_SLOTS + 2; index += 1) {
      expect((await portal.save(as(slow), { nftData: validCollection({ Title: `Slow ${index}` }) })).status).toBe(200);
    }
    await vi.waitFor(() => expect(held.length).toBeGreaterThanOrEqual(heldBefore + ACCOUNT_SLOTS), wait);

    const other = await signUp();
    const { endpoint } = await register(other, ["collection.created"]);
    expect((await portal.save(as(other), { nftData: validCollection() })).status).toBe(200);
    await vi.waitFor(async () => expect((await log(other, endpoint.id)).deliveries[0]).toMatchObject({ status: "delivered" }), wait);
    // The slow account never had more than its share under way at once, however long that took
    // (an attempt its time limit ended is followed by the next).
    expect(open.most).toBe(ACCOUNT_SLOTS);
    // Answered, the rest follow, a share at a time; all of them delivered before the next test.
    await vi.waitFor(async () => {
      for (const response of held.slice(heldBefore)) if (!response.headersSent) response.writeHead(204).end();
      const { deliveries } = await log(slow, slowEndpoint.id);
      expect(deliveries.map((delivery) => delivery.status)).toEqual(Array(DELIVERY_SLOTS + 2).fill("delivered"));
    }, wait);
    expect(open.most).toBe(ACCOUNT_SLOTS);
  });
});

describe("test events", { timeout: 120_000 }, () => {
  it("sends a signed webhook.test and answers with the target's status, time and first bytes", async () => {
    const partner = await signUp();
    const base = hookUrl.replace(/\/hooks$/, "");
    const response = await call(partner, "POST", "", { url: `${base}/text`, events: ["perk.created"] });
    const { secret, endpoint } = (await response.json()) as { secret: string; endpoint: { id: string } };
    const tested = await call(partner, "POST", `/${endpoint.id}/test`);
    expect(tested.status).toBe(200);
    const { result } = await tested.json();
    expect(result).toMatchObject({ ok: true, status: 202, body: "thanks, got it", error: null, id: expect.stringMatching(/^msg_/) });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const [sent] = deliveriesOf(result.id);
    expect(new Webhook(secret).verify(sent!.body, sent!.headers as Record<string, string>)).toMatchObject({
      type: "webhook.test",
      data: { EndpointId: endpoint.id },
    });
    // Nothing is logged or retried: a test is not a delivery.
    expect((await log(partner, endpoint.id)).deliveries).toEqual([]);

    const other = await signUp();
    expect((await call(other, "POST", `/${endpoint.id}/test`)).status).toBe(404);
    expect((await call(partner, "POST", "/nope/test")).status).toBe(404);
  });

  it("sends one test at a time per endpoint: a second while the first waits is a 409, and nothing more is sent", async () => {
    const partner = await signUp();
    const base = hookUrl.replace(/\/hooks$/, "");
    const { endpoint } = (await (await call(partner, "POST", "", { url: `${base}/held`, events: ["perk.created"] })).json()) as {
      endpoint: { id: string };
    };
    const before = held.length;
    const first = call(partner, "POST", `/${endpoint.id}/test`);
    await vi.waitFor(() => expect(held.length).toBe(before + 1), wait);
    const second = await call(partner, "POST", `/${endpoint.id}/test`);
    expect(second.status).toBe(409);
    expect((await second.json()).error).toMatch(/already on its way/);
    held.at(-1)!.writeHead(500).end("not today");
    const answered = await first;
    expect(answered.status).toBe(200);
    expect((await answered.json()).result).toMatchObject({ ok: false, status: 500, body: "not today", error: "HTTP 500: not today" });
    expect(held.length).toBe(before + 1);
    // Once answered, the endpoint can be tested again.
    const again = call(partner, "POST", `/${endpoint.id}/test`);
    await vi.waitFor(() => expect(held.length).toBe(before + 2), wait);
    held.at(-1)!.writeHead(204).end();
    expect((await (await again).json()).result).toMatchObject({ ok: true, status: 204 });
  });
});
