import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import { freePorts, startServer, temporaryDatabase, type RunningServer } from "../scripts/production-server";
import { expect, test } from "./fixtures";

/**
 * Two production servers (the build the suite already made) on one PostgreSQL and one Redis:
 * the scaling model of docs/deployment.md. Needs E2E_POSTGRES_URL and E2E_REDIS_URL, which CI sets.
 */
const postgresUrl = process.env.E2E_POSTGRES_URL;
const redisUrl = process.env.E2E_REDIS_URL;

const SEARCH_BUDGET = 10;

test.describe("two instances, one PostgreSQL, one Redis", () => {
  test.skip(!postgresUrl || !redisUrl, "set E2E_POSTGRES_URL and E2E_REDIS_URL (CI does)");
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  const servers: RunningServer[] = [];
  const PORTS: number[] = [];
  let database: Awaited<ReturnType<typeof temporaryDatabase>>;
  let key = "";

  test.beforeAll(async () => {
    database = await temporaryDatabase(postgresUrl!, "uds_e2e");
    const env = { ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl };
    // Migrates the new database and mints a key, as an operator would.
    key = execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/keys-create.ts", "two@example.com"], { env }).toString().trim();
    PORTS.push(...(await freePorts(2)));
    for (const port of PORTS) {
      servers.push(
        startServer(port, {
          DATABASE_URL: database.url,
          REDIS_URL: redisUrl,
          RATE_LIMIT_SEARCH_PER_MINUTE: String(SEARCH_BUDGET),
          RATE_LIMIT_CREATE_PER_MINUTE: "1000",
        }),
      );
    }
    for (const server of servers) await server.ready({ timeoutMs: 60_000 });
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  const call = (port: number, path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...init.headers },
    });

  test("an account's rate limit is one budget across both instances", async () => {
    const statuses: number[] = [];
    const remaining: number[] = [];
    // Alternate instances: with separate budgets each would allow 10, 20 in all.
    for (let i = 0; i < SEARCH_BUDGET + 4; i += 1) {
      const response = await call(PORTS[i % 2]!, "/api-gateway/search?query=nothing");
      statuses.push(response.status);
      remaining.push(Number(response.headers.get("ratelimit-remaining")));
    }
    expect(statuses.slice(0, SEARCH_BUDGET)).toEqual(Array(SEARCH_BUDGET).fill(200));
    expect(statuses.slice(SEARCH_BUDGET)).toEqual([429, 429, 429, 429]);
    // Each answer counts down the shared budget, whichever instance gave it.
    expect(remaining.slice(0, SEARCH_BUDGET)).toEqual(Array.from({ length: SEARCH_BUDGET }, (_, i) => SEARCH_BUDGET - 1 - i));
  });

  test("an edit through one instance is seen at once by a search and a read on the other", async () => {
    // A key of another account: the first test spent this account's search budget. Minted without
    // blocking the event loop, so the keep-alive connections of the fetches before stay served.
    const minted = await promisify(execFile)("npx", ["tsx", "--conditions=react-server", "scripts/keys-create.ts", "two-b@example.com"], {
      env: { ...process.env, DATABASE_URL: database.url },
    });
    key = minted.stdout.trim();
    const word = `zq${randomBytes(4).toString("hex").replace(/\d/g, "k")}`;
    const created = await (
      await call(PORTS[0]!, "/api-gateway/create", {
        method: "POST",
        body: JSON.stringify({ nftData: { Title: `Lantern ${word}`, ContractChain: "Base" } }),
      })
    ).json();
    const id = created.nftData.PlatformNFTId;
    const first = await (await call(PORTS[1]!, `/api-gateway/search?query=${word}`)).json();
    expect(first.Docs.map((doc: { PlatformNFTId: string }) => doc.PlatformNFTId)).toEqual([id]);

    // Instance B reads (and caches) the record before the edit.
    expect((await (await call(PORTS[1]!, `/api-gateway/collections/${id}`)).json()).nftData.Version).toBe(1);

    const renamed = `Beacon ${word}x`;
    const edit = await call(PORTS[0]!, "/api-gateway/create", {
      method: "POST",
      body: JSON.stringify({ nftData: { PlatformNFTId: id, Title: renamed, ContractChain: "Base", Version: 1 } }),
    });
    expect(edit.status).toBe(200);
    const read = await (await call(PORTS[1]!, `/api-gateway/collections/${id}`)).json();
    expect(read.nftData.Title).toBe(renamed);
    expect(read.nftData.Version).toBe(2);
    const second = await (await call(PORTS[1]!, `/api-gateway/search?query=beacon%20${word}x`)).json();
    expect(second.Docs.map((doc: { Title: string }) => doc.Title)).toEqual([renamed]);
  });

  test("keyless traffic spends the address's budget on both; a key neither instance has seen is still answered on each", async () => {
    // Minted without blocking this process: a blocked event loop keeps idle keep-alive sockets the
    // servers have meanwhile closed, and the next fetch fails on one.
    const fresh = await Promise.all(
      PORTS.map(async (_, index) => {
        const { stdout } = await promisify(execFile)(
          "npx",
          ["tsx", "--conditions=react-server", "scripts/keys-create.ts", `two-c${index}@example.com`],
          {
            env: { ...process.env, DATABASE_URL: database.url },
          },
        );
        return stdout.trim();
      }),
    );
    // Keyless gateway calls and page views from this address, alternating between the instances.
    const keyless: number[] = [];
    for (let i = 0; i < SEARCH_BUDGET + 2; i += 1) {
      const response = await fetch(`http://127.0.0.1:${PORTS[i % 2]!}${i % 3 ? "/api-gateway/search" : "/?query=lantern"}`);
      keyless.push(response.status);
      await response.arrayBuffer();
    }
    expect(keyless.slice(SEARCH_BUDGET)).toEqual([429, 429]);
    for (const [index, port] of PORTS.entries()) {
      const response = await fetch(`http://127.0.0.1:${port}/api-gateway/search?query=lantern`, {
        headers: { authorization: `Bearer ${fresh[index]}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-remaining")).toBe(String(SEARCH_BUDGET - 1));
    }
  });
});
