import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/queries";
import { ACCOUNT_SLOTS } from "@/lib/webhooks/server/claim";
import { runDeliveryAttempt } from "@/lib/webhooks/server/deliver";
import { validCollection } from "../support/api";
import { portal, signUp } from "../support/portal";
import { callRoute } from "../support/routes";

// Attempts go to this file's own HTTP server on 127.0.0.1, which only this setting allows. No
// worker runs here: the attempts are the test's own, started together as racing fetches start them.
process.env.WEBHOOKS_ALLOW_PRIVATE = "1";

const ORIGIN = "http://localhost";
const options = { allowPrivate: true, timeoutMs: 30_000 };
const wait = { timeout: 60_000, interval: 50 };

const held: ServerResponse[] = [];
const receiver = createServer((request, response) => {
  request.resume();
  request.on("end", () => held.push(response));
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of held) response.destroy();
  await new Promise((resolve) => receiver.close(resolve));
});

describe("an account's webhook slots", { timeout: 120_000 }, () => {
  it("are held exactly when more of its attempts start at once than it has slots; the one refused sends nothing and is queued again", async () => {
    const partner = await signUp();
    const registered = await callRoute(
      new Request(`${ORIGIN}/api/portal/webhooks`, {
        method: "POST",
        headers: { cookie: partner.cookie, origin: ORIGIN, "content-type": "application/json" },
        body: JSON.stringify({ url: `${base}/held`, events: ["collection.created"] }),
      }),
    );
    expect(registered.status).toBe(200);
    const slotsPlusOne = ACCOUNT_SLOTS + 1;
    for (let index = 0; index < slotsPlusOne; index += 1) {
      const saved = await portal.save({ cookie: partner.cookie, origin: ORIGIN }, { nftData: validCollection({ Title: `Slot ${index}` }) });
      expect(saved.status).toBe(200);
    }
    const db = await getDb();
    const deliveries = await queryRows<{ id: string }>(
      db,
      sql`SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE e.team_id = ${partner.teamId} ORDER BY d.created_at, d.id`,
    );
    expect(deliveries).toHaveLength(slotsPlusOne);
    const ids = deliveries.map(({ id }) => id);

    // Every attempt at once, as fetches that each counted the same active jobs would start them.
    const attempts = ids.map((id) => runDeliveryAttempt({ deliveryId: id, attempt: 1 }, options).then(() => id));
    await vi.waitFor(() => expect(held.length).toBe(ACCOUNT_SLOTS), wait);
    const refused = await Promise.race(attempts);
    expect(held.length).toBe(ACCOUNT_SLOTS);
    const started = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM webhook_deliveries WHERE attempt_started_at IS NOT NULL AND id IN ${ids}`,
    );
    expect(started.map(({ id }) => id).sort()).toEqual(ids.filter((id) => id !== refused).sort());
    // Queued again for later, as a new job: waiting for a slot uses none of the job's retries.
    const requeued = await queryRows<{ retry_count: number; later: boolean }>(
      db,
      sql`SELECT retry_count, start_after > now() AS later FROM pgboss.job
          WHERE name = 'webhook-delivery' AND data->>'deliveryId' = ${refused} AND state = 'created'`,
    );
    expect(requeued).toEqual(expect.arrayContaining([{ retry_count: 0, later: true }]));

    // A slot freed, the refused attempt is sent.
    for (const response of held) response.writeHead(204).end();
    await Promise.all(attempts);
    const last = runDeliveryAttempt({ deliveryId: refused, attempt: 1 }, options);
    await vi.waitFor(() => expect(held.length).toBe(slotsPlusOne), wait);
    held.at(-1)!.writeHead(204).end();
    await last;
    const statuses = await queryRows<{ status: string }>(db, sql`SELECT status FROM webhook_deliveries WHERE id IN ${ids}`);
    expect(statuses.map(({ status }) => status)).toEqual(Array(slotsPlusOne).fill("delivered"));
  });
});
