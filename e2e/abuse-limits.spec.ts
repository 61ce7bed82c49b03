import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePorts, killAllServers, startServer, type RunningServer } from "../scripts/production-server";
import { expect, test } from "./fixtures";

/**
 * Limits seen from outside, on the production server (server.mjs on the build the suite made):
 * the search pages' budget, metric labels under made-up paths, and a valid key behind an address
 * whose keyless traffic spent its budget. Every request comes from 127.0.0.1, so the tests share
 * that address's budgets and run in order.
 */
test.describe("abuse limits over HTTP", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });
  const BUDGET = 8;
  const METRICS_TOKEN = randomBytes(16).toString("hex");
  let server: RunningServer;
  let freshKey: string;

  test.beforeAll(async () => {
    // Minting a key and opening a fresh embedded store come first: slow on a loaded machine.
    test.setTimeout(240_000);
    const store = fs.mkdtempSync(path.join(os.tmpdir(), "uds-abuse-"));
    // Minted before the server starts (the embedded store is then the server's alone), and never
    // used before the test that needs a key this server has not seen.
    const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: store };
    delete env.DATABASE_URL;
    freshKey = execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/keys-create.ts", "egress@example.com"], {
      env,
      encoding: "utf8",
    }).trim();
    const [port] = await freePorts(1);
    server = startServer(port!, { PGLITE_DIR: store, METRICS_TOKEN, RATE_LIMIT_SEARCH_PER_MINUTE: String(BUDGET) }, { isolated: true });
    await server.ready({ timeoutMs: 150_000 });
  });

  test.afterAll(killAllServers);

  const seriesOf = async () => {
    const text = await (await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return text.split("\n").filter((line) => line.startsWith("uds_http_requests_total{"));
  };

  test("1,000 made-up paths add no metric series, and labels name routes, never spellings", async () => {
    const spell = (word: string, bits: number) =>
      [...word].map((letter, at) => ((bits >> at) & 1 ? `%${letter.charCodeAt(0).toString(16)}` : letter)).join("");
    const odd = (i: number) =>
      [
        `/api/portal/${spell("collections", i + 1)}`,
        `/api/portal/collections/${spell("abc", i)}-${i}`,
        `/api-gateway/${spell("nothing", i)}/${i}`,
        `/api/${spell("health", (i % 63) + 1)}`,
      ][i % 4]!;
    // One of each kind first (and a read of the metrics, itself counted), so that every series
    // those can make exists before counting.
    for (let i = 0; i < 8; i += 1) await (await fetch(`${server.url}${odd(i)}`)).arrayBuffer();
    await seriesOf();
    const before = await seriesOf();
    for (let i = 8; i < 1_008; i += 1) await (await fetch(`${server.url}${odd(i)}`)).arrayBuffer();
    const after = await seriesOf();
    const labels = (lines: string[]) => lines.map((line) => line.replace(/\} .*$/, "}")).sort();
    expect(labels(after)).toEqual(labels(before));
    expect(after.join("\n")).not.toMatch(/route="[^"]*%/);
  });

  test("the search pages spend the address's read budget, then answer a 429 page with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET; i += 1) {
      const response = await fetch(`${server.url}${i % 2 ? `/?query=word${i}` : `/perks?radiusKm=${i + 1}`}`);
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses).toEqual(Array(BUDGET).fill(200));
    const refused = await fetch(`${server.url}/?query=one+more`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many searches");
    expect((await fetch(`${server.url}/perks`)).status).toBe(429);
    // A prefetch header is no way around it, and the budget is /api/search's too.
    expect((await fetch(`${server.url}/?query=x`, { headers: { "next-router-prefetch": "1", rsc: "1" } })).status).toBe(429);
    expect((await fetch(`${server.url}/api/search?query=x`)).status).toBe(429);
    // Pages that do not search are served.
    expect((await fetch(`${server.url}/portal/sign-in`)).status).toBe(200);
  });

  test("a valid key this server has never seen is looked up and answered from that spent address", async () => {
    expect((await fetch(`${server.url}/api-gateway/search`)).status).toBe(429);
    const first = await fetch(`${server.url}/api-gateway/search?query=club`, { headers: { authorization: `Bearer ${freshKey}` } });
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-remaining")).toBe(String(BUDGET - 1));
  });
});
