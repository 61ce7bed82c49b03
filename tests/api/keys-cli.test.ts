import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uds-keys-"));
const store = path.join(dir, "pglite");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function keysCreate(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: store };
  delete env.DATABASE_URL;
  return run("npm", ["run", "keys:create", "--", ...args], { env, cwd: process.cwd() });
}

describe("npm run keys:create -- <email>", () => {
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

  it("refuses a missing or malformed email with a message on stderr and no key", async () => {
    await expect(keysCreate()).rejects.toMatchObject({ code: 2, stdout: "", stderr: expect.stringContaining("Usage") });
    await expect(keysCreate("not-an-email")).rejects.toMatchObject({ code: 1, stdout: "", stderr: expect.stringContaining("is not an email address") });
  }, 60_000);
});
