import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { request, type IncomingMessage } from "node:http";
import os from "node:os";
import path from "node:path";
import { killAllServers, startServer, type RunningServer, type Settings } from "../scripts/production-server";
import { expect, test } from "./fixtures";

/**
 * The production server itself (server.mjs, as `npm start` runs it, on the build the suite
 * made), started here with chosen settings: what it refuses at start-up, what it logs and counts,
 * and how it tells clients apart. Ports 4250-4258.
 */
// One test at a time, in one worker: several production servers starting at once on this
// machine's two cores made the running server's first answers time out.
test.describe.configure({ mode: "default" });

/** Only the settings a test names, so a refused setting is never filled in from this process. */
const start = (port: number, env: Settings, { productionDefaults = true } = {}) =>
  startServer(port, env, { capture: true, isolated: true, noDefaults: !productionDefaults });

// Opening and migrating a fresh embedded store comes first: slow on a loaded machine.
const ready = (server: RunningServer) => server.ready({ timeoutMs: 150_000 });

const freshStore = () => fs.mkdtempSync(path.join(os.tmpdir(), "uds-harden-ops-"));

test.afterAll(killAllServers);

test.describe("start-up refuses unsafe production settings", () => {
  test.describe.configure({ timeout: 90_000 });
  const GOOD_SECRET = randomBytes(32).toString("hex");
  const cases: { name: string; env: Settings; names: RegExp }[] = [
    { name: "a missing secret", env: { BETTER_AUTH_URL: "http://127.0.0.1:4253" }, names: /BETTER_AUTH_SECRET: must be set in production/ },
    {
      name: "a short secret",
      env: { BETTER_AUTH_SECRET: "short", BETTER_AUTH_URL: "http://127.0.0.1:4254" },
      names: /BETTER_AUTH_SECRET: must be at least 32 characters/,
    },
    { name: "a missing public URL", env: { BETTER_AUTH_SECRET: GOOD_SECRET }, names: /BETTER_AUTH_URL: must be set in production/ },
    {
      name: "a public URL over http",
      env: { BETTER_AUTH_SECRET: GOOD_SECRET, BETTER_AUTH_URL: "http://uds.example.com" },
      names: /BETTER_AUTH_URL: must be an https:\/\/ URL/,
    },
    {
      name: "webhooks to private addresses on a public server",
      env: { BETTER_AUTH_SECRET: GOOD_SECRET, BETTER_AUTH_URL: "https://uds.example.com", WEBHOOKS_ALLOW_PRIVATE: "1" },
      names: /WEBHOOKS_ALLOW_PRIVATE: must not be 1 in production/,
    },
    {
      name: "any invalid variable",
      env: { BETTER_AUTH_SECRET: GOOD_SECRET, BETTER_AUTH_URL: "https://uds.example.com", RATE_LIMIT_SEARCH_PER_MINUTE: "lots" },
      names: /RATE_LIMIT_SEARCH_PER_MINUTE/,
    },
  ];
  for (const [index, { name, env, names }] of cases.entries()) {
    test(`stops on ${name}, naming the variable, before listening`, async () => {
      const port = 4253 + index;
      const server = start(port, { ...env, NODE_ENV: "production", PGLITE_DIR: freshStore() }, { productionDefaults: false });
      const code = await server.exited;
      expect(code).toBe(1);
      expect(server.output()).toMatch(names);
      expect(server.output()).not.toContain("listening");
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    });
  }
});

test.describe("a running production server", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });
  const METRICS_TOKEN = randomBytes(16).toString("hex");
  let server: RunningServer;
  let validKey: string;
  const store = freshStore();

  test.beforeAll(async () => {
    // Minting a key migrates a fresh store first: over 30 s on a loaded machine.
    test.setTimeout(240_000);
    // Minted before the server starts: the embedded store is then held by the server alone.
    const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: store };
    delete env.DATABASE_URL;
    validKey = execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/keys-create.ts", "logged@example.com"], {
      env,
      encoding: "utf8",
    }).trim();
    server = start(4250, {
      PGLITE_DIR: store,
      METRICS_TOKEN,
      RATE_LIMIT_SEARCH_PER_MINUTE: "5",
      AUTH_RATE_LIMIT_PER_MINUTE: "3",
      // On the embedded store only when asked: its store has no team with collections, so it searches.
      WARM_UP_REQUESTS: "60",
    });
    await ready(server);
    // A partner's first use, before keyless tests spend this address's budget: from a spent
    // address, only keys the server has already found live are still looked up.
    expect(
      (await fetch(`${server.url}/api-gateway/collections/warm-up`, { headers: { authorization: `Bearer ${validKey}` } })).status,
    ).toBe(404);
  });

  test.afterAll(() => server.stop());

  test("a second process on the same embedded store stops at start with the lock's message", async () => {
    const second = start(4251, { PGLITE_DIR: store });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by process \d+/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  test("rehearses the gateway's traffic on its own port, outside every budget, before it is ready", async () => {
    const lines = () =>
      server
        .output()
        .split("\n")
        .filter((text) => text.startsWith("{") && text.endsWith("}"))
        .map((text) => JSON.parse(text) as Record<string, unknown>);
    const rehearsed = () => lines().filter((line) => line.account === "start-up rehearsal");
    // Lines are written in batches: all 60 arrive within a second of the last.
    await expect.poll(() => rehearsed().length).toBe(60);
    // Every one answered 200, although this server's search budget is 5 a minute.
    expect(rehearsed().map((line) => [line.route, line.status])).toEqual(Array(60).fill(["/api-gateway/search", 200]));
    const messages = lines().map((line) => String(line.msg));
    const warm = messages.findIndex((text) =>
      /^Start-up: warm in \d+ ms \(.*rehearsal of 60 requests \(60 search\) \d+ ms\); taking traffic\.$/.test(text),
    );
    expect(warm).toBeGreaterThan(messages.indexOf("listening"));
    expect(server.output()).not.toContain("not answered as expected");
  });

  test("answers readiness, and every answer carries a request id (the client's when sane)", async () => {
    const readiness = await fetch(`${server.url}/api/ready`);
    expect(readiness.status).toBe(200);
    expect(await readiness.json()).toEqual({ status: "ready" });
    expect(readiness.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Served over plain http (BETTER_AUTH_URL http://127.0.0.1:…): no HSTS, which would pin a local name to https.
    expect(readiness.headers.get("strict-transport-security")).toBeNull();
    const kept = await fetch(`${server.url}/no-such-page`, { headers: { "x-request-id": "trace-42.a" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-42.a");
    const replaced = await fetch(`${server.url}/api/health`, { headers: { "x-request-id": `forged" "line ${"x".repeat(200)}` } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("the gateway's reads it answers without Next.js carry what Next.js's answers carry", async () => {
    const headers = { authorization: `Bearer ${validKey}` };
    // `%63` is "c": Next.js answers that spelling (its proxy checks the encoding), the server the plain one.
    const direct = await fetch(`${server.url}/api-gateway/collections/abc`, { headers });
    const throughNext = await fetch(`${server.url}/api-gateway/collections/ab%63`, { headers });
    expect([direct.status, throughNext.status]).toEqual([404, 404]);
    expect(await direct.json()).toEqual(await throughNext.json());
    for (const name of [
      "content-type",
      "cache-control",
      "content-security-policy",
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "permissions-policy",
      "cross-origin-opener-policy",
      "ratelimit-limit",
    ]) {
      expect(direct.headers.get(name), name).toBe(throughNext.headers.get(name));
    }
    expect(direct.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test("a client rotating X-Forwarded-For still reaches 429 on keyless search, sign-in and sign-up", async () => {
    const searches: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      searches.push((await fetch(`${server.url}/api-gateway/search`, { headers: { "x-forwarded-for": `198.51.100.${i}` } })).status);
    }
    expect(searches).toEqual([401, 401, 401, 401, 401, 429]);
    for (const route of ["sign-in", "sign-up"]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await fetch(`${server.url}/api/auth/${route}/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url, "x-forwarded-for": `203.0.113.${i}` },
          body: JSON.stringify({ name: "Rotating", email: `rotating-${i}@example.com`, password: "not the password at all" }),
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 3)).not.toContain(429);
      expect(statuses[3]).toBe(429);
    }
  });

  test("logs one line per request with id, route, status, duration and account, and no key, password or cookie", async () => {
    const key = `uds_${"A".repeat(40)}`;
    const password = `pw-${randomBytes(8).toString("hex")}`;
    const cookie = `better-auth.session_token=${randomBytes(12).toString("hex")}`;
    const requestId = `log-check-${randomBytes(4).toString("hex")}`;
    await fetch(`${server.url}/api-gateway/collections/abc`, {
      headers: { authorization: `Bearer ${key}`, cookie, "x-request-id": requestId },
    });
    await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie, "x-request-id": `${requestId}-b` },
      body: JSON.stringify({ email: "nobody@example.com", password }),
    });
    await fetch(`${server.url}/api-gateway/collections/abc`, {
      headers: { authorization: `Bearer ${validKey}`, "x-request-id": `${requestId}-c` },
    });
    await expect.poll(() => server.output()).toContain(`${requestId}-c`);
    const lineOf = (id: string) =>
      server
        .output()
        .split("\n")
        .filter((text) => text.includes(`"${id}"`))
        .map((text) => JSON.parse(text) as Record<string, unknown>)[0];
    const line = lineOf(requestId);
    expect(line).toMatchObject({ reqId: requestId, method: "GET", route: "/api-gateway/collections/[id]", msg: "request" });
    expect([401, 429]).toContain(line!.status);
    expect(typeof line!.durationMs).toBe("number");
    expect(line).not.toHaveProperty("account");
    // A valid key's line names its account (an id, not the key or the email).
    const authenticated = lineOf(`${requestId}-c`);
    expect(authenticated).toMatchObject({ route: "/api-gateway/collections/[id]", status: 404, account: expect.stringMatching(/^\S+$/) });
    for (const secret of [key, validKey, password, cookie, cookie.split("=")[1]!, "nobody@example.com", "logged@example.com"]) {
      expect(server.output()).not.toContain(secret);
    }
  });

  test("serves Prometheus metrics only with METRICS_TOKEN", async () => {
    expect((await fetch(`${server.url}/api/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/metrics`, { headers: { authorization: "Bearer wrong-token-wrong" } })).status).toBe(401);
    const response = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/uds_http_requests_total\{route="\/api\/health",method="GET",status="200"\} \d+/);
    expect(text).toMatch(
      /uds_http_request_duration_seconds_bucket\{le="0.1",route="\/api-gateway\/search",method="GET",status="429"\} \d+/,
    );
    expect(text).toMatch(/uds_rate_limit_refusals_total\{limit="read"\} [1-9]/);
    expect(text).toMatch(/uds_rate_limit_refusals_total\{limit="auth"\} [1-9]/);
    expect(text).toMatch(/uds_read_cache_entries \d+/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
  });
});

// One server for two settings, as each start costs a minute on a loaded machine.
test("behind https every answer carries Strict-Transport-Security; without METRICS_TOKEN there is no metrics endpoint", async () => {
  test.setTimeout(240_000);
  const server = start(4252, { PGLITE_DIR: freshStore(), BETTER_AUTH_URL: "https://uds.example.com" });
  try {
    await ready(server);
    const metrics = await fetch(`${server.url}/api/metrics`);
    expect(metrics.status).toBe(404);
    const answers = [
      metrics,
      await fetch(`${server.url}/api/health`),
      await fetch(`${server.url}/`),
      await fetch(`${server.url}/no-such-page`),
      await fetch(`${server.url}/robots.txt`),
      await fetch(`${server.url}/api-gateway/search`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 200, 200, 404, 200, 401]);
    for (const answer of answers) {
      expect(answer.headers.get("strict-transport-security"), answer.url).toBe("max-age=63072000; includeSubDomains");
    }
    // server.mjs's own refusal (fetch cannot send TRACE).
    const trace = await new Promise<IncomingMessage>((resolve, reject) =>
      request(`${server.url}/api-gateway/search`, { method: "TRACE" }, resolve).on("error", reject).end(),
    );
    trace.resume();
    expect(trace.statusCode).toBe(405);
    expect(trace.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  } finally {
    await server.stop();
  }
});
