import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { awaitStoreLock, holdStoreLock } from "./store-lock";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "uds-store-lock-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the embedded store's lock", () => {
  const dir = path.join(root, "pglite");
  const lockFile = `${dir}.lock`;

  it("refuses a store another live process holds, naming that process", () => {
    fs.mkdirSync(root, { recursive: true });
    // The test runner's parent is alive and is not this process.
    fs.writeFileSync(lockFile, String(process.ppid));
    expect(() => holdStoreLock(dir)).toThrow(`in use by process ${process.ppid}`);
  });

  it("waits, when asked, until the holder hands the store over, then holds it", async () => {
    fs.writeFileSync(lockFile, String(process.ppid));
    let held = false;
    const waiting = awaitStoreLock(dir, 5).then((release) => {
      held = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(held).toBe(false);
    // The holder closes the store, which removes its lock file.
    fs.rmSync(lockFile);
    const release = await waiting;
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
