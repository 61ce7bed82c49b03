import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_LIVE_KEYS, TOO_MANY_KEYS } from "@/lib/auth/api-keys";

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uds-keys-"));
const store = path.join(dir, "pglite");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function keysCreate(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: store };
  delete env.DATABASE_URL;
  // -s: npm's own "> script" banner would go to stdout before the key.
  return run("npm", ["run", "-s", "keys:create", "--", ...args], { env, cwd: process.cwd() });
}

describe("npm's own output in this repository", () => {
  it("is not silenced, so npm ci and npm install show their progress and warnings", async () => {
    const { stdout } = await run("npm", ["config", "get", "loglevel"], { cwd: process.cwd() });
    expect(stdout.trim()).not.toBe("silent");
  }, 60_000);
});

describe("npm run -s keys:create -- <email>", () => {
  it("prints a new key and nothing else on stdout, creating the account once", async () => {
    const first = await keysCreate("Partner@Example.com");
    const second = await keysCreate("partner@example.com");
    expect(first.stdout).toMatch(/^uds_[0-9A-Za-z]{40}\n$/);
    expect(second.stdout).toMatch(/^uds_[0-9A-Za-z]{40}\n$/);
    expect(second.stdout).not.toBe(first.stdout);

    const db = new PGlite(store);
    try {
      const users = await db.query<{ id: string; email: string }>("SELECT id, email FROM users");
      expect(users.rows).toEqual([{ id: expect.any(String), email: "partner@example.com" }]);
      const keys = await db.query<{ user_id: string; key_hash: string }>("SELECT user_id, key_hash FROM api_keys");
      const hashes = [first.stdout, second.stdout].map((out) => createHash("sha256").update(out.trim()).digest("hex"));
      expect(keys.rows.map((row) => row.key_hash).sort()).toEqual(hashes.sort());
      expect(new Set(keys.rows.map((row) => row.user_id))).toEqual(new Set([users.rows[0]!.id]));
    } finally {
      await db.close();
    }
  }, 60_000);

  it("without -s, says on stderr how to capture the key alone", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: store };
    delete env.DATABASE_URL;
    delete env.npm_config_loglevel;
    const { stdout, stderr } = await run("npm", ["run", "keys:create", "--", "banner@example.com"], { env, cwd: process.cwd() });
    expect(stdout).toMatch(/^\n> .*keys:create\n/);
    expect(stdout).toMatch(/\nuds_[0-9A-Za-z]{40}\n$/);
    expect(stderr).toContain("npm run -s keys:create");
  }, 60_000);

  it("refuses a missing or malformed email with a message on stderr and no key", async () => {
    await expect(keysCreate()).rejects.toMatchObject({ code: 2, stdout: "", stderr: expect.stringContaining("Usage") });
    await expect(keysCreate("not-an-email")).rejects.toMatchObject({
      code: 1,
      stdout: "",
      stderr: expect.stringContaining("is not an email address"),
    });
  }, 60_000);
});

describe("npm run keys:create and unconfirmed accounts", () => {
  async function accountRow(email: string) {
    const db = new PGlite(store);
    try {
      return (
        await db.query<{ email_verified: boolean; keys: number }>(
          "SELECT email_verified, (SELECT count(*)::int FROM api_keys WHERE user_id = users.id) AS keys FROM users WHERE email = $1",
          [email],
        )
      ).rows[0];
    } finally {
      await db.close();
    }
  }

  it("creates accounts with a confirmed address", async () => {
    await keysCreate("operator-made@example.com");
    expect(await accountRow("operator-made@example.com")).toEqual({ email_verified: true, keys: 1 });
  }, 60_000);

  it("refuses an account someone signed up for without confirming the address, unless --force", async () => {
    const db = new PGlite(store);
    try {
      await db.query("INSERT INTO users (id, name, email) VALUES ('squatter1', 'Squatter', 'arriving@example.com')");
    } finally {
      await db.close();
    }
    await expect(keysCreate("arriving@example.com")).rejects.toMatchObject({
      code: 1,
      stdout: "",
      stderr: expect.stringContaining("has not confirmed that address"),
    });
    expect(await accountRow("arriving@example.com")).toEqual({ email_verified: false, keys: 0 });
    const forced = await keysCreate("arriving@example.com", "--force");
    expect(forced.stdout).toMatch(/^uds_[0-9A-Za-z]{40}\n$/);
    expect(await accountRow("arriving@example.com")).toEqual({ email_verified: false, keys: 1 });
  }, 90_000);
});

describe("npm run keys:create and the cap on live keys", () => {
  async function inStore<T>(work: (db: PGlite) => Promise<T>): Promise<T> {
    const db = new PGlite(store);
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  }
  const liveKeys = (email: string) =>
    inStore(
      async (db) =>
        (
          await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM api_keys JOIN users ON users.id = api_keys.user_id WHERE users.email = $1 AND revoked_at IS NULL",
            [email],
          )
        ).rows[0]!.n,
    );

  it(`refuses the ${MAX_LIVE_KEYS + 1}th live key with a message saying what to do, and mints again once one is revoked`, async () => {
    const email = "many-keys@example.com";
    await keysCreate(email);
    // The cap counts every live key, however made: writing the others directly spares nine slow runs.
    await inStore(async (db) => {
      const userId = (await db.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email])).rows[0]!.id;
      for (let i = 1; i < MAX_LIVE_KEYS; i += 1) {
        await db.query(
          "INSERT INTO api_keys (id, team_id, user_id, label, prefix, key_hash) VALUES ($1, (SELECT team_id FROM team_members WHERE user_id = $2), $2, 'seeded', 'uds_seeded', $3)",
          [`seeded-${i}`, userId, `seeded-hash-${i}`],
        );
      }
    });
    expect(await liveKeys(email)).toBe(MAX_LIVE_KEYS);

    await expect(keysCreate(email)).rejects.toMatchObject({ code: 1, stdout: "", stderr: expect.stringContaining(TOO_MANY_KEYS) });
    expect(await liveKeys(email)).toBe(MAX_LIVE_KEYS);

    await inStore((db) => db.query("UPDATE api_keys SET revoked_at = now() WHERE id = 'seeded-1'"));
    expect((await keysCreate(email)).stdout).toMatch(/^uds_[0-9A-Za-z]{40}\n$/);
    expect(await liveKeys(email)).toBe(MAX_LIVE_KEYS);
  }, 90_000);
});
