import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

type Created = { id: string; perkIds: string[]; title: string };
export type Partner = { name: string; email: string; password: string };

type Fixtures = {
  /** An API key of the demo account, minted when the e2e server started. */
  apiKey: string;
  /** Stores a collection (and perks) through the API, as a partner would. */
  createCollection: (nftData: Record<string, unknown>, perkData?: Record<string, unknown>[]) => Promise<Created>;
  /** A word no other test or seeded record contains, so a test can find exactly its own data. */
  uniqueWord: string;
  /**
   * Creates a verified partner account with a unique email through better-auth's sign-up route
   * and the emailed link. With the
   * default (`page.request`) the test's browser is signed in as that partner; pass the `request`
   * fixture for an account the browser is not signed in to.
   */
  signUpPartner: (via?: APIRequestContext) => Promise<Partner>;
  /** A fresh partner account, signed in in the test's page (the page shares the request's cookies). */
  partner: Partner;
};

/** The texts of the messages the server has sent to `email`, as the e2e server's SMTP capture filed them. */
export function mailTo(email: string): string[] {
  const file = path.join(".data/e2e/mail", `${email.toLowerCase()}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as string[]) : [];
}

/** The link in the newest message to `email`, once at least `count` messages have arrived. */
export async function mailLink(email: string, count = 1): Promise<string> {
  await expect.poll(() => mailTo(email).length, { message: `a message to ${email}` }).toBeGreaterThanOrEqual(count);
  const link = mailTo(email)
    .at(-1)
    ?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the message to ${email}`);
  return link;
}

/**
 * Signs a new partner up through the auth API, without the sign-up page, confirms the address by
 * opening the link in the message the server sent (which signs nobody in), then signs in. `request`
 * keeps the session cookie: pass `page.request` to sign that page's browser context in.
 */
export async function signUpPartner(request: APIRequestContext, baseURL: string): Promise<Partner> {
  const partner = {
    name: "E2E Partner",
    email: `partner-${randomBytes(6).toString("hex")}@example.com`,
    password: "correct horse battery",
  };
  // better-auth refuses a sign-up without an Origin of this site, as a browser sends it.
  const response = await request.post("/api/auth/sign-up/email", { headers: { origin: baseURL }, data: partner });
  expect(response.status(), await response.text()).toBe(200);
  const verified = await request.get(await mailLink(partner.email), { maxRedirects: 0 });
  expect(verified.status(), await verified.text()).toBe(302);
  const signedIn = await request.post("/api/auth/sign-in/email", {
    headers: { origin: baseURL },
    data: { email: partner.email, password: partner.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return partner;
}

export const test = base.extend<Fixtures>({
  apiKey: async ({}, use) => {
    await use(fs.readFileSync(".data/e2e/api-key", "utf8").trim());
  },
  createCollection: async ({ request, apiKey }, use) => {
    await use(async (nftData, perkData = []) => {
      const response = await request.post("/api-gateway/create", {
        headers: { authorization: `Bearer ${apiKey}` },
        data: { nftData: { ContractChain: "Base", ...nftData }, perkData },
      });
      const body = await response.json();
      expect(response.status(), JSON.stringify(body)).toBe(200);
      return {
        id: body.nftData.PlatformNFTId,
        perkIds: body.perkData.map((perk: { PlatformPerkId: string }) => perk.PlatformPerkId),
        title: body.nftData.Title,
      };
    });
  },
  signUpPartner: async ({ page, baseURL }, use) => {
    await use((via = page.request) => signUpPartner(via, baseURL!));
  },
  partner: async ({ page, baseURL }, use) => {
    await use(await signUpPartner(page.request, baseURL!));
  },
  uniqueWord: async ({}, use) => {
    // Letters only: the search splits words on anything else.
    const letters = [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join("");
    await use(`zq${letters}`);
  },
});

/**
 * Runs axe (WCAG 2.x A and AA rules) on the page as it is and expects no violation. A change of
 * color scheme, focus or hover starts CSS transitions (150 ms), and axe would measure the colors
 * halfway through them, so the scan waits until every transition has finished.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState === "finished"),
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
  }));
  expect(summary).toEqual([]);
}

/**
 * Waits until a browse page's filter form has hydrated: a choice made before React takes over is
 * lost, and the no-JavaScript "Apply filters" button is removed when it has.
 */
export async function filtersHydrated(page: Page) {
  await expect(page.getByRole("button", { name: "Apply filters" })).toHaveCount(0);
}

export { expect };
