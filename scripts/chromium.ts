import fs from "node:fs";

/** Debian's Chromium where it exists (Playwright cannot download its own browser everywhere). */
export const SYSTEM_CHROMIUM = fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;

/** Headless flags for a closed network: background services would only fail to connect. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
