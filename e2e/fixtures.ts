import fs from "node:fs";
import { test as base, expect } from "@playwright/test";

type Fixtures = {
  /** An API key of the demo account, minted when the e2e server started. */
  apiKey: string;
};

export const test = base.extend<Fixtures>({
  apiKey: async ({}, use) => {
    await use(fs.readFileSync(".data/e2e/api-key", "utf8").trim());
  },
});

export { expect };
