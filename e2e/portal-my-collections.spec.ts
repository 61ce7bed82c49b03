import type { Page } from "@playwright/test";
import { DEMO_ACCOUNT } from "@/lib/auth/demo-credentials";
import { BULK_ACCOUNT, bulkTitle } from "@/scripts/seed/bulk-account";
import { expect, test } from "./fixtures";

/* My collections at the sizes partners really have: hundreds and thousands. */

const rows = (page: Page) => page.getByRole("list", { name: "Your collections" }).getByRole("listitem");
const titles = (page: Page) => rows(page).getByRole("link").allTextContents();
const statusLine = (page: Page) => page.getByRole("main").getByRole("status");

/** The page's query parameters, in any order. */
async function expectParams(page: Page, params: Record<string, string>) {
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(params);
}

test.describe("My collections at scale", () => {
  test.describe.configure({ timeout: 300_000 });

  test("the demo partner's 300 collections: the true total and real page links to every one", async ({ page, baseURL }) => {
    const signIn = await page.request.post("/api/auth/sign-in/email", { headers: { origin: baseURL! }, data: DEMO_ACCOUNT });
    expect(signIn.status()).toBe(200);
    await page.goto("/portal/collections");
    await expect(statusLine(page)).toHaveText(/^[\d,]+ collections; showing 1–20$/);
    // Other tests add to the demo account meanwhile: the total is at least the 300 seeded.
    const total = Number((await statusLine(page).textContent())!.split(" ")[0]!.replaceAll(",", ""));
    expect(total).toBeGreaterThanOrEqual(300);
    expect((await (await page.request.get("/api/portal/collections")).json()).total).toBeGreaterThanOrEqual(total);
    await expect(rows(page)).toHaveCount(20);

    const pages = page.getByRole("navigation", { name: "Pages" });
    const last = Math.ceil(total / 20);
    await expect(pages.getByRole("link", { name: `Page ${last}`, exact: true })).toHaveAttribute(
      "href",
      `/portal/collections?page=${last}`,
    );
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/portal\/collections\?page=2$/);
    await expect(statusLine(page)).toHaveText(new RegExp(`showing 21–40$`));
    const second = await titles(page);
    expect(second).toEqual(
      (await (await page.request.get("/api/portal/collections?page=2")).json()).collections.map((row: { title: string }) => row.title),
    );

    await pages.getByRole("link", { name: `Page ${last}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?page=${last}$`));
    await expect(rows(page).first()).toBeVisible();
    expect(await rows(page).count()).toBeLessThanOrEqual(20);
    await page.goBack();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(rows(page).first().getByRole("link")).toHaveText(second[0]!);
  });

  test("5,000 collections of one account: paging, sort and filters in the URL, each with the right results", async ({ page, baseURL }) => {
    // Seeded through the domain layer when the e2e server starts (scripts/seed/seed-bulk-account.ts):
    // 5,000 creates over HTTP take minutes on the test machines.
    const signIn = await page.request.post("/api/auth/sign-in/email", { headers: { origin: baseURL! }, data: BULK_ACCOUNT });
    expect(signIn.status()).toBe(200);
    const name = bulkTitle;
    await page.goto("/portal/collections");
    await expect(statusLine(page)).toHaveText("5,000 collections; showing 1–20");
    // Newest change first.
    await expect.poll(() => titles(page)).toEqual(Array.from({ length: 20 }, (_, index) => name(4999 - index)));
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages.getByRole("link", { name: "Page 250", exact: true })).toBeVisible();

    await page.getByLabel("Sort by").selectOption("title");
    await expectParams(page, { sort: "title" });
    await expect(rows(page).first()).toHaveText(new RegExp(`${name(0)}`));
    await pages.getByRole("link", { name: "Next" }).click();
    await expectParams(page, { sort: "title", page: "2" });
    await expect.poll(() => titles(page)).toEqual(Array.from({ length: 20 }, (_, index) => name(20 + index)));

    await page.getByLabel("Release status").selectOption("Upcoming");
    await expectParams(page, { sort: "title", status: "Upcoming" });
    await expect(statusLine(page)).toHaveText("1,667 collections with release status Upcoming; showing 1–20");
    await expect.poll(() => titles(page)).toEqual(Array.from({ length: 20 }, (_, index) => name(index * 3)));

    await page.getByLabel("Find by title").fill("bulk 004");
    await expectParams(page, { sort: "title", status: "Upcoming", q: "bulk 004" });
    await expect(statusLine(page)).toHaveText("3 collections with “bulk 004” in the title with release status Upcoming");
    await expect.poll(() => titles(page)).toEqual([name(42), name(45), name(48)]);

    await page.getByLabel("Release status").selectOption("none");
    await expect(statusLine(page)).toHaveText("3 collections with “bulk 004” in the title without a release status");
    await expect.poll(() => titles(page)).toEqual([name(41), name(44), name(47)]);

    await page.goto(`/portal/collections?page=250&sort=title`);
    await expect(statusLine(page)).toHaveText("5,000 collections; showing 4,981–5,000");
    await expect(rows(page).last().getByRole("link")).toHaveText(name(4999));
    const api = await (await page.request.get("/api/portal/collections?page=250&sort=title")).json();
    expect(api).toMatchObject({ total: BULK_ACCOUNT.count, page: 250, pageCount: 250 });
  });
});
