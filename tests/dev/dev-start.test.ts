import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNT } from "@/lib/auth/demo-credentials";
import { CHROMIUM_FLAGS, SYSTEM_CHROMIUM } from "@/scripts/chromium";

/*
 * `npm run dev` as a person starts it, on a fresh embedded store: its timed steps, its banner, the
 * warm-up of the main routes and "Ready to use", and the sign-up note that only development shows.
 * Slow (a dev server compiles every main route), so not part of `npm test`: `npm run test:dev`.
 */
const port = Number(process.env.DEV_TEST_PORT ?? 3200);
const origin = `http://localhost:${port}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uds-dev-"));
const shots = path.join("test-results", "dev-start");
let child: ChildProcess;
let output = "";

function waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const check = () => {
      const match = pattern.exec(output);
      if (!match) return;
      clearTimeout(timer);
      for (const stream of [child.stdout!, child.stderr!]) stream.off("data", check);
      resolve(match);
    };
    for (const stream of [child.stdout!, child.stderr!]) stream.on("data", check);
    child.once("exit", (code) => reject(new Error(`npm run dev exited (${code}):\n${output}`)));
    check();
  });
}

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), PGLITE_DIR: path.join(dir, "pglite") };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  child = spawn("npm", ["run", "dev"], { env, detached: true });
  for (const stream of [child.stdout!, child.stderr!]) stream.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitForOutput(/\] Ready to use/, 900_000);
}, 900_000);

afterAll(() => {
  if (child.pid) process.kill(-child.pid, "SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
});

const stamped = (text: string) => new RegExp(`^\\[\\s*(\\d+\\.\\d) s\\] ${text}`, "m");

describe("npm run dev", () => {
  it("prints each step with the time since it started, then the banner, the warm-up and when it is ready to use", () => {
    const steps = [
      `Starting the Next.js dev server on port ${port}`,
      "Opening the database and applying migrations: done in \\d+\\.\\d s",
      "Empty store: adding 300 demo collections: done in \\d+\\.\\d s",
      "Demo account and a fresh demo API key: done in \\d+\\.\\d s",
      "Handing the database over to the dev server: done in \\d+\\.\\d s",
    ];
    const times = steps.map((step) => {
      const match = stamped(step).exec(output);
      expect(match, `${step}\n${output}`).not.toBeNull();
      return Number(match![1]);
    });
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const banner = output.indexOf(`App:           ${origin}`);
    expect(banner).toBeGreaterThan(output.search(stamped("Handing the database over to the dev server: done")));
    expect(output).toMatch(/Demo API key: {2}uds_[0-9A-Za-z]{40}/);
    const warmed = [
      "/",
      "/perks",
      "/collections/[^:]+",
      "/portal",
      "/portal/sign-in",
      "/portal/collections",
      "/portal/members",
      "/portal/webhooks",
      "/portal/import",
      "/portal/collections/[^/:]+/claims",
      "/api/auth/get-session",
      "/api/portal/collections/[^/:]+",
      "/api/portal/collections/[^/:]+/perks/warm-up",
      "/api/search\\?query=club",
      "/api-gateway/search\\?query=club",
      "/api-gateway/create",
    ].map((route) => output.search(stamped(`warmed ${route}: \\d{3} in \\d+\\.\\d s`)));
    for (const at of warmed) expect(at, output).toBeGreaterThan(-1);
    const ready = output.search(stamped(`Ready to use: ${origin} \\(the main pages and API routes are compiled; warm-up took \\d+ s\\)`));
    expect(ready, output).toBeGreaterThan(Math.max(banner, ...warmed));
  });

  it("names a demo holder whose wallet page lists eligible perks on the local chain", async () => {
    const holder = /Demo holder: {3}(0x[0-9a-fA-F]{40}) /.exec(output)?.[1];
    expect(holder, output).toBeDefined();
    expect(output).toContain(`Its perks:     ${origin}/wallet/${holder}`);
    // The sync indexes the demo contracts in the background: wait until the server's answer lists them.
    const eligible = async () => {
      const answer = (await (await fetch(`${origin}/api/wallets/${holder}/perks`)).json()) as {
        Docs: { Eligibility: { Eligible: boolean } }[];
      };
      return answer.Docs.filter((doc) => doc.Eligibility.Eligible).length;
    };
    await expect.poll(eligible, { timeout: 240_000, interval: 1_000 }).toBeGreaterThan(0);
  }, 300_000);

  it("prints the server's log lines in words, not JSON", () => {
    expect(output).not.toMatch(/^\[\s*\d+\.\d s\] next: \{"level"/m);
  });

  it("serves the pages and the demo key it printed", async () => {
    const key = /Demo API key: {2}(uds_[0-9A-Za-z]{40})/.exec(output)![1]!;
    expect((await fetch(`${origin}/`)).status).toBe(200);
    const search = await fetch(`${origin}/api-gateway/search?query=club`, { headers: { authorization: `Bearer ${key}` } });
    expect(search.status).toBe(200);
    expect((await search.json()).NumPages).toBeGreaterThan(0);
  });

  it("says on the sign-up page that, without SMTP_URL, the link is in the server's console, and prints it there", async () => {
    const browser = await chromium.launch({ executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_FLAGS });
    try {
      for (const [name, viewport] of [
        ["phone", { width: 390, height: 844 }],
        ["desktop", { width: 1280, height: 900 }],
      ] as const) {
        const email = `dev-${randomBytes(4).toString("hex")}@example.com`;
        const page = await browser.newPage({ viewport });
        await page.goto(`${origin}/portal/sign-up`);
        await page.getByLabel("Name or team").fill("Dev Partner");
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Password").fill("a long enough password");
        const answered = page.waitForResponse((response) => response.url().includes("/api/auth/sign-up/email"));
        await page.getByRole("button", { name: "Create account" }).click();
        expect((await answered).status()).toBe(200);
        await page.getByRole("heading", { name: "Check your email" }).waitFor();
        const note = page.getByLabel("Development: the link is in the server's console");
        expect(await note.textContent()).toContain(`Email verification link for ${email}`);
        await page.screenshot({ path: path.join(shots, `sign-up-${name}-light.png`) });
        await page.emulateMedia({ colorScheme: "dark" });
        await page.screenshot({ path: path.join(shots, `sign-up-${name}-dark.png`) });
        await page.close();
        await waitForOutput(new RegExp(`Email verification link for ${email} \\(SMTP_URL is not set\\): http`), 60_000);
      }
    } finally {
      await browser.close();
    }
  }, 300_000);

  it("says on the Members page where an invitation's link is, and prints it in words", async () => {
    const browser = await chromium.launch({ executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${origin}/portal/sign-in?next=${encodeURIComponent("/portal/members")}`);
      await page.getByLabel("Email").fill(DEMO_ACCOUNT.email);
      await page.getByLabel("Password").fill(DEMO_ACCOUNT.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { level: 1, name: "Members" }).waitFor();
      const invited = `colleague-${randomBytes(4).toString("hex")}@example.com`;
      const form = page.getByRole("form", { name: "Invite someone" });
      await form.getByLabel("Email address").fill(invited);
      await form.getByRole("button", { name: "Send invitation" }).click();
      const status = form.getByRole("status");
      await status.getByText("no email is sent").waitFor();
      expect(await status.textContent()).toContain(`on the line “Team invitation link for ${invited}”`);
      await page.screenshot({ path: path.join(shots, "invitation-phone.png"), fullPage: true });
      // The line itself, in words (not a JSON log line), with the link.
      await waitForOutput(
        new RegExp(`\\] next: Team invitation link for ${invited} \\(SMTP_URL is not set\\): http\\S+/portal/invitation\\?token=`),
        60_000,
      );
    } finally {
      await browser.close();
    }
  }, 300_000);
});
