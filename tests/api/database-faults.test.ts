import { beforeAll, describe, expect, it } from "vitest";
import { GET as ready } from "@/app/api/ready/route";
import { type Caller, create, newCaller, retrieve, search, validCollection, validPerk } from "../support/api";
import { startWarmUp } from "@/lib/startup/warm-up";
import { relayDatabase } from "../support/tcp-proxy";

// PostgreSQL only: the embedded store lives in this process and cannot become unreachable.
// CI runs this file with DATABASE_URL set; without it the suite reports it as skipped.
const proxy = await relayDatabase();

const UNAVAILABLE = { error: "Service Unavailable" };

describe.skipIf(!proxy)("when PostgreSQL goes away and comes back", () => {
  let caller: Caller;
  let id: string;

  beforeAll(async () => {
    await startWarmUp();
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
        expect(JSON.parse(text)).toMatchObject(UNAVAILABLE);
        expect(text).not.toMatch(/select|insert|at .*\(|ECONN|postgres/i);
        // Refused connections fail fast; nothing waits for a pool timeout.
        expect(performance.now() - started).toBeLessThan(6_000);
      }
    } finally {
      proxy!.restore();
    }
  });

  it("is not ready while the database is unreachable, and ready again when it is back", async () => {
    expect((await ready()).status).toBe(200);
    proxy!.cut();
    try {
      const response = await ready();
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toEqual({ status: "unavailable", error: "database unreachable" });
    } finally {
      proxy!.restore();
    }
    // Each pooled connection the cut broke fails one check and is dropped; then a new one answers.
    const statuses = [];
    for (let attempt = 0; attempt < 10 && statuses.at(-1) !== 200; attempt += 1) statuses.push((await ready()).status);
    expect(statuses.at(-1)).toBe(200);
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
    expect(await response.json()).toMatchObject(UNAVAILABLE);

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
