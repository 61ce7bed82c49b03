import { randomBytes } from "node:crypto";
import { processSlot } from "@/lib/process-slot";
import { describe, expect, it, vi } from "vitest";
import { listApiKeys, revokeApiKey } from "@/lib/auth/api-keys";
import { getExactReadDb } from "@/lib/db/client";
import { SOCKET_ADDRESS_HEADER } from "@/lib/rate-limit/client-ip";
import { newCaller } from "../support/api";
import { callRoute } from "../support/routes";

// A small per-address budget, so that a loop of random keys reaches it quickly.
process.env.RATE_LIMIT_SEARCH_PER_MINUTE = "20";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const randomKey = () => `uds_${Array.from(randomBytes(40), (byte) => ALPHABET[byte % ALPHABET.length]).join("")}`;
const send = (key: string, address: string) =>
  callRoute(
    new Request("http://localhost/api-gateway/search", { headers: { authorization: `Bearer ${key}`, [SOCKET_ADDRESS_HEADER]: address } }),
  );

/** The read cache's keys (the cache is process-wide, on globalThis). */
const cachedKeys = () => [...(processSlot<{ keys(): Iterable<string> }>("read-cache.readCache").value?.keys() ?? [])];

const LOOKUP = /\bkey_hash"? = \$1/;

/**
 * Counts the statements that look a key up, at the driver (PGlite, or PostgreSQL's pipelined
 * connections): whatever path the route takes, a lookup it makes is a statement here. On PGlite a prepared lookup is an
 * `EXECUTE` of a statement prepared in SQL, found by its text in `pg_prepared_statements`.
 */
async function countKeyLookups() {
  const db = (await getExactReadDb()) as unknown as { $client: { query: (...args: unknown[]) => Promise<{ rows: { name: string }[] }> } };
  const named = await db.$client.query("SELECT name FROM pg_prepared_statements WHERE statement LIKE '%key_hash% = $1%'");
  const names = new Set(named.rows.map((row) => row.name));
  const spy = vi.spyOn(db.$client, "query");
  const textOf = (statement: unknown) => (typeof statement === "string" ? statement : String((statement as { text?: unknown })?.text));
  const isLookup = (text: string) => {
    const prepared = /^PREPARE "([^"]+)" AS /.exec(text);
    if (prepared) {
      if (LOOKUP.test(text)) names.add(prepared[1]!);
      return false;
    }
    const executed = /^EXECUTE "([^"]+)"/.exec(text);
    return executed ? names.has(executed[1]!) : LOOKUP.test(text);
  };
  return {
    count: () => spy.mock.calls.filter(([statement]) => isLookup(textOf(statement))).length,
    stop: () => spy.mockRestore(),
  };
}

describe("API key lookups", () => {
  it("charge a loop of random keys to the address's budget (401, then 429) and cache none of them", async () => {
    const address = `10.${randomBytes(3).join(".")}`;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 120; i += 1) {
      const response = await send(randomKey(), address);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      await response.arrayBuffer();
    }
    expect(statuses.get(401)).toBe(20);
    expect(statuses.get(429)).toBe(120 - 20);
    expect(cachedKeys().filter((key) => key.includes("|key:"))).toEqual([]);
  }, 120_000);

  it("stop once the address's budget is spent: unknown keys cost no query after that", async () => {
    const address = `10.${randomBytes(3).join(".")}`;
    const lookups = await countKeyLookups();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        const response = await send(randomKey(), address);
        statuses.push(response.status);
        await response.arrayBuffer();
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.slice(20)).toEqual(Array(40).fill(429));
      expect(lookups.count()).toBe(20);
    } finally {
      lookups.stop();
    }
  }, 120_000);

  it("keep keys this process has found live working from a spent address; an unseen or revoked key costs at most one query", async () => {
    const address = `10.${randomBytes(3).join(".")}`;
    const elsewhere = `10.${randomBytes(3).join(".")}`;
    const known = await newCaller();
    const unseen = await newCaller();
    expect((await send(known.key, elsewhere)).status).toBe(200);
    for (let i = 0; i < 20; i += 1) expect((await send(randomKey(), address)).status).toBe(401);
    const lookups = await countKeyLookups();
    try {
      expect((await send(known.key, address)).status).toBe(200);
      const afterKnown = lookups.count();
      expect(afterKnown).toBeLessThanOrEqual(1);
      expect((await send(unseen.key, address)).status).toBe(429);
      expect(lookups.count()).toBe(afterKnown);

      // Revoked: one lookup finds nothing and forgets the key; the next is refused without one.
      const [summary] = await listApiKeys(known.teamId);
      expect(await revokeApiKey(known.teamId, summary!.id)).toBe(true);
      expect((await send(known.key, address)).status).toBe(429);
      expect(lookups.count()).toBe(afterKnown + 1);
      expect((await send(known.key, address)).status).toBe(429);
      expect(lookups.count()).toBe(afterKnown + 1);
    } finally {
      lookups.stop();
    }
  });

  it("look up a valid key never seen before from an address whose keyless traffic spent its budget", async () => {
    const address = `10.${randomBytes(3).join(".")}`;
    const keyless = (url: string) => callRoute(new Request(url, { headers: { [SOCKET_ADDRESS_HEADER]: address } }));
    // Keyless calls from a shared egress address, to the gateway and to the site's own search.
    for (let i = 0; i < 10; i += 1) expect((await keyless("http://localhost/api-gateway/search")).status).toBe(401);
    for (let i = 0; i < 10; i += 1) expect((await keyless("http://localhost/api/search?query=otters")).status).toBe(200);
    expect((await keyless("http://localhost/api-gateway/search")).status).toBe(429);
    const partner = await newCaller();
    const first = await send(partner.key, address);
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-remaining")).toBe("19");
    // Guessing is still throttled from that address: 20 lookups that find nothing, then none.
    const lookups = await countKeyLookups();
    try {
      for (let i = 0; i < 30; i += 1) expect((await send(randomKey(), address)).status).toBe(429);
      expect(lookups.count()).toBe(20);
    } finally {
      lookups.stop();
    }
  });

  it("cache a live key, which then spends its own budget, not the address's", async () => {
    const address = `10.${randomBytes(3).join(".")}`;
    const { key } = await newCaller();
    const first = await send(key, address);
    expect(first.status).toBe(200);
    expect(cachedKeys().some((entry) => entry.includes("|key:"))).toBe(true);
    // The address's budget is untouched by the valid key: random keys from it still get their 20.
    const answers = [];
    for (let i = 0; i < 21; i += 1) answers.push((await send(randomKey(), address)).status);
    expect(answers.filter((status) => status === 401)).toHaveLength(20);
    expect(answers.at(-1)).toBe(429);
  });
});
