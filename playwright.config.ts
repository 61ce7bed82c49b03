import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, SYSTEM_CHROMIUM } from "./scripts/chromium";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // CI shares two busy cores with the server, two browsers and the servers some specs start:
  // a page's first answer can take longer than Playwright's 5 s default there. Assertions
  // still wait on what the server answered; the limits only bound how long a failure takes.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_FLAGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // Builds, prepares a fresh embedded store (demo data + an API key in .data/e2e/api-key),
    // then serves the production build.
    command: `npm run build && tsx --conditions=react-server scripts/e2e-server.ts`,
    // Readiness, not health: the server takes traffic once warm (lib/startup/warm-up.ts).
    url: `http://127.0.0.1:${E2E_PORT}/api/ready`,
    reuseExistingServer: !process.env.CI,
    timeout: 600_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
