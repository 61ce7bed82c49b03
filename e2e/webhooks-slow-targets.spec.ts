import { createServer } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Socket } from "node:net";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, signUpPartner, test } from "./fixtures";

/*
 * One partner's endpoints answer a byte at a time and never finish; another partner's answer at
 * once. The slow answers are cut at the attempt's time limit (10 s on the e2e server), a delivery
 * never has two attempts open at once, and the other partner's delivery arrives while the slow
 * attempts are still open: they hold only the slow account's share of the worker's slots.
 */

const LIMIT_MS = 10_000;
/** More slow deliveries than one instance runs at a time, so the slow account could fill every slot. */
const SLOW_ENDPOINTS = 8;

type Connection = { webhookId: string; path: string; openedAt: number; closedAt?: number; closedByUs: boolean };

/** A target that reads the request, then sends its status line one byte every 500 ms, forever. */
function drippingTarget() {
  const connections: Connection[] = [];
  const sockets = new Set<Socket>();
  let stopping = false;
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    let head = "";
    let connection: Connection | undefined;
    let drip: NodeJS.Timeout | undefined;
    socket.on("data", (chunk: Buffer) => {
      if (connection) return;
      head += chunk.toString("latin1");
      if (!head.includes("\r\n\r\n")) return;
      const webhookId = /\r\nwebhook-id: *([^\r]+)/i.exec(head)?.[1] ?? "";
      connection = { webhookId, path: head.split(" ")[1] ?? "", openedAt: Date.now(), closedByUs: false };
      connections.push(connection);
      const line = `HTTP/1.1 200 OK\r\nx-slow: ${"z".repeat(10_000)}`;
      let sent = 0;
      drip = setInterval(() => socket.write(line[sent++ % line.length]!), 500);
    });
    socket.on("close", () => {
      clearInterval(drip);
      sockets.delete(socket);
      if (connection) {
        connection.closedAt = Date.now();
        connection.closedByUs = stopping;
      }
    });
    socket.on("error", () => undefined);
  });
  return {
    connections,
    open: () => connections.filter((entry) => entry.closedAt === undefined),
    listen: () => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port))),
    close: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Whether two attempts of one delivery were ever open at the same time. */
function overlapping(connections: Connection[]): string[] {
  const found: string[] = [];
  for (const [index, first] of connections.entries()) {
    for (const second of connections.slice(index + 1)) {
      if (first.webhookId !== second.webhookId) continue;
      const firstEnd = first.closedAt ?? Infinity;
      const secondEnd = second.closedAt ?? Infinity;
      if (first.openedAt < secondEnd && second.openedAt < firstEnd) found.push(first.webhookId);
    }
  }
  return found;
}

test.describe("webhooks to slow targets", () => {
  test.describe.configure({ timeout: 240_000 });

  const slow = drippingTarget();
  const fastArrivals: { webhookId: string; at: number }[] = [];
  const fast = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      fastArrivals.push({ webhookId: String(request.headers["webhook-id"]), at: Date.now() });
      response.writeHead(204).end();
    });
  });
  let slowBase = "";
  let fastUrl = "";
  const contexts: APIRequestContext[] = [];

  test.beforeAll(async () => {
    slowBase = `http://127.0.0.1:${await slow.listen()}`;
    await new Promise<void>((resolve) => fast.listen(0, "127.0.0.1", resolve));
    fastUrl = `http://127.0.0.1:${(fast.address() as AddressInfo).port}/hooks`;
  });

  test.afterAll(async () => {
    await slow.close();
    await new Promise((resolve) => fast.close(resolve));
    for (const context of contexts) await context.dispose();
  });

  test("a dripping target is cut at the limit, one attempt at a time, and another account's delivery is on time", async ({ baseURL }) => {
    const account = async () => {
      const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
      contexts.push(context);
      await signUpPartner(context, baseURL!);
      return context;
    };
    const register = async (context: APIRequestContext, url: string) => {
      const response = await context.post("/api/portal/webhooks", { data: { url, events: ["collection.created"] } });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { endpoint: { id: string } }).endpoint.id;
    };
    const save = async (context: APIRequestContext, title: string) => {
      const response = await context.post("/api/portal/save", { data: { nftData: { Title: title, ContractChain: "Base" } } });
      expect(response.status(), await response.text()).toBe(200);
    };

    const slowAccount = await account();
    const slowEndpoints: string[] = [];
    for (let index = 0; index < SLOW_ENDPOINTS; index += 1) slowEndpoints.push(await register(slowAccount, `${slowBase}/drip/${index}`));
    const fastAccount = await account();
    await register(fastAccount, fastUrl);

    // One save of the slow account: a delivery to each of its endpoints, each answered a byte at a time.
    await save(slowAccount, "Slow partner's collection");
    await expect.poll(() => slow.open().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);

    // The other account's delivery arrives while the slow attempts are still open.
    await save(fastAccount, "Fast partner's collection");
    await expect.poll(() => fastArrivals.length, { timeout: 60_000 }).toBe(1);
    const firstClosed = Math.min(...slow.connections.map((entry) => entry.closedAt ?? Infinity));
    expect(fastArrivals[0]!.at).toBeLessThan(firstClosed);

    // An attempt under way cannot be sent beside itself: a resend is refused.
    const open = slow.open()[0]!;
    const endpointId = slowEndpoints[Number(open.path.split("/").at(-1))]!;
    const resend = await slowAccount.post(`/api/portal/webhooks/${endpointId}/deliveries/${open.webhookId}/resend`);
    const answeredAt = Date.now();
    // Open until after the answer: the attempt was under way when the server judged the resend.
    if ((open.closedAt ?? Infinity) > answeredAt) {
      expect(resend.status()).toBe(409);
      expect((await resend.json()).error).toMatch(/under way/);
    }

    // The service hangs up at the limit, though a byte arrived every half second.
    await expect
      .poll(() => slow.connections.filter((entry) => entry.closedAt !== undefined).length, { timeout: 60_000 })
      .toBeGreaterThan(0);
    const cut = slow.connections.find((entry) => entry.closedAt !== undefined)!;
    expect(cut.closedByUs).toBe(false);
    expect(cut.closedAt! - cut.openedAt).toBeGreaterThanOrEqual(LIMIT_MS - 100);
    // Generous above: the worker's own pace on a loaded machine, not the target, sets the rest.
    expect(cut.closedAt! - cut.openedAt).toBeLessThan(LIMIT_MS + 10_000);
    await expect
      .poll(async () => {
        const log = await slowAccount.get(`/api/portal/webhooks/${slowEndpoints[Number(cut.path.split("/").at(-1))]}/deliveries`);
        return ((await log.json()) as { deliveries: { lastError: string | null }[] }).deliveries[0]?.lastError;
      })
      .toBe(`no complete answer within ${LIMIT_MS / 1000} s`);

    // A delivery's next attempt opens only after its previous one closed.
    await expect
      .poll(
        () => Math.max(...slow.connections.map((entry) => slow.connections.filter((other) => other.webhookId === entry.webhookId).length)),
        {
          timeout: 150_000,
        },
      )
      .toBeGreaterThanOrEqual(2);
    expect(overlapping(slow.connections)).toEqual([]);
    expect(fastArrivals).toHaveLength(1);
  });
});
