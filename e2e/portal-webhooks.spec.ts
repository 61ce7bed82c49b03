import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { saveThroughPortal } from "./portal-editor-helpers";

/* A partner registers an endpoint, sees its secret once, and follows a delivery in the log. */

type Received = { headers: IncomingHttpHeaders; body: string };

test.describe("portal webhooks", () => {
  test.describe.configure({ timeout: 120_000 });

  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      if (body.includes('"webhook.test"')) response.writeHead(200, { "content-type": "text/plain" }).end("hello from the receiver");
      else response.writeHead(204).end();
    });
  });
  let hookUrl = "";

  test.beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  test("register (secret once), an edit is delivered signed and shows in the log, resend sends it again", async ({
    page,
    partner,
    baseURL,
    uniqueWord,
  }) => {
    void partner;
    await page.goto("/portal/webhooks");
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);

    const url = page.getByLabel("Endpoint URL");
    await url.fill("ftp://example.com/hooks");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("Enter a full URL, such as https://example.com/webhooks")).toBeVisible();

    await url.fill(hookUrl);
    const registered = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().endsWith("/api/portal/webhooks"),
    );
    await page.getByRole("button", { name: "Add endpoint" }).click();
    expect((await registered).status()).toBe(200);
    const shown = page.getByRole("textbox", { name: "Signing secret" });
    await expect(shown).toHaveValue(/^whsec_/);
    const secret = await shown.inputValue();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("textbox", { name: "Signing secret" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(hookUrl, { exact: true })).toBeVisible();
    expect(await page.content()).not.toContain(secret);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "light" });

    const saved = await saveThroughPortal(page, baseURL!, { nftData: { Title: `Hooked ${uniqueWord}`, ContractChain: "Base" } });
    const id = saved.nftData.PlatformNFTId;

    await page.getByRole("link", { name: `Delivery log of ${hookUrl}` }).click();
    await expect(page.getByRole("heading", { name: "Delivery log" })).toBeVisible();
    const row = page.getByRole("row", { name: /collection\.created/ });
    await expect(row).toContainText("Delivered", { timeout: 60_000 });
    await expect(row).toContainText("204");

    const first = received.filter((entry) => entry.body.includes(id));
    expect(first).toHaveLength(1);
    expect(new Webhook(secret).verify(first[0]!.body, first[0]!.headers as Record<string, string>)).toMatchObject({
      type: "collection.created",
      data: { PlatformNFTId: id, Version: 1 },
    });

    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page);
    }

    const resent = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith("/resend"));
    await row.getByRole("button", { name: /^Resend/ }).click();
    expect((await resent).status()).toBe(200);
    await expect(row.getByRole("cell").nth(2)).toHaveText("2", { timeout: 60_000 });
    const all = received.filter((entry) => entry.body.includes(id));
    expect(all).toHaveLength(2);
    expect(all[1]!.headers["webhook-id"]).toBe(all[0]!.headers["webhook-id"]);
  });

  test("Send a test event shows the target's status, time and first bytes; a double click sends one event", async ({ page, partner }) => {
    void partner;
    await page.goto("/portal/webhooks");
    // This server accepts local targets (as development does by default), and the page says so.
    await expect(page.getByText("This server accepts local targets")).toBeVisible();
    const testUrl = hookUrl.replace(/\/hooks$/, "/test-target");
    await page.getByLabel("Endpoint URL").fill(testUrl);
    const registered = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().endsWith("/api/portal/webhooks"),
    );
    await page.getByRole("button", { name: "Add endpoint" }).click();
    expect((await registered).status()).toBe(200);
    await page.getByRole("button", { name: "Done" }).click();

    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/test")) sent.push(request.url());
    });
    const answered = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith("/test"));
    await page.getByRole("button", { name: `Send a test event to ${testUrl}` }).dblclick();
    expect((await answered).status()).toBe(200);
    const status = page.getByTestId("test-event-status");
    await expect(status).toHaveText(/^Answered HTTP 200 in [\d,]+ ms$/);
    await expect(page.getByLabel("First bytes of the answer")).toHaveText("hello from the receiver");
    await expect(page.getByRole("button", { name: `Send a test event to ${testUrl}` })).toBeEnabled();
    expect(sent).toHaveLength(1);
    const tests = received.filter((entry) => entry.body.includes('"webhook.test"'));
    expect(tests).toHaveLength(1);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page);
    }
  });
});
