import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Caller, create, newCaller, retrieve, search, validCollection, validPerk } from "../support/api";
import { startTcpProxy } from "../support/tcp-proxy";

// PostgreSQL only: the embedded store lives in this process and cannot become unreachable.
// CI runs this file with DATABASE_URL set; without it the suite reports it as skipped.
const target = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
const proxy = target ? await startTcpProxy(target.hostname, Number(target.port || 5432)) : null;
if (target && proxy) {
  const viaProxy = new URL(target);
  viaProxy.port = String(proxy.port);
  process.env.DATABASE_URL = viaProxy.toString();
}

afterAll(async () => {
  proxy?.restore();
  await proxy?.close();
});

const UNAVAILABLE = { error: "Service Unavailable" };

describe.skipIf(!proxy)("when PostgreSQL goes away and comes back", () => {
  let caller: Caller;
  let id: string;

  beforeAll(async () => {
    caller = await newCaller();
    const echo = await (await create(caller.key, { nftData: validCollection(), perkData: [validPerk()] })).json();
    id = echo.nftData.PlatformNFTId;
  });

  it("answers a JSON 503 with Retry-After on every route, with no SQL or stack text", async () => {
    proxy!.cut();
    try {
      for (const send of [
        () => search(caller.key, { query: "otters" }),
        () => retrieve(caller.key, id),
        () => create(caller.key, { nftData: validCollection({ Title: "While down" }) }),
      ]) {
        const started = performance.now();
        const response = await send();
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("5");
        expect(response.headers.get("content-type")).toMatch(/application\/json/);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual(UNAVAILABLE);
        expect(text).not.toMatch(/select|insert|at .*\(|ECONN|postgres/i);
        // Refused connections fail fast; nothing waits for a pool timeout.
        expect(performance.now() - started).toBeLessThan(6_000);
      }
    } finally {
      proxy!.restore();
    }
  });

  it("never half-writes an edit cut off mid-transaction, and resumes by itself when the database is back", async () => {
    const before = await (await retrieve(caller.key, id)).json();
    // Drop the connection as the edit sends its perk insert: after the collection row was updated
    // inside the transaction, before it commits.
    proxy!.cutOn(/insert into "perks"/i);
    const response = await create(caller.key, {
      nftData: validCollection({ PlatformNFTId: id, Title: "Half written?" }),
      perkData: [validPerk({ ShortDescription: "New perk" })],
    });
    proxy!.restore();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(UNAVAILABLE);

    // Back without a restart: the pool drops its broken connections and opens new ones.
    let after: Response | undefined;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      after = await retrieve(caller.key, id);
      if (after.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(after?.status).toBe(200);
    // The transaction was rolled back whole: same title, same Version, same perks.
    expect(await after!.json()).toEqual(before);
    expect((await create(caller.key, { nftData: validCollection({ Title: "After the outage" }) })).status).toBe(200);
  });
});
