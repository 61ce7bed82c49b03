import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/* Filling and reading the portal editors by their labels, as a person would. */

export const COLLECTION_LABELS = {
  Title: "Title (required)",
  ContractChain: "Chain (required)",
  Creator: "Creator",
  CollectionDescription: "Description",
  ImagePic: "Image URL",
  ContractAddress: "Contract address",
  ContractText: "Contract text",
  Website: "Website",
  Discord: "Discord",
  Twitter: "Twitter",
  MarketPlace: "Marketplace",
  MarketPlaceLink: "Marketplace link",
  marketplaceSlug: "Marketplace slug",
  floorPrice: "Floor price",
  PriceRange: "Price range",
  TokenQuantity: "Token quantity",
  TokenQuantityIssued: "Tokens issued",
} as const;

export type Texts = Partial<Record<keyof typeof COLLECTION_LABELS, string>>;

export const collectionForm = (page: Page) => page.getByRole("form", { name: "Collection" });
export const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

export async function fillCollection(form: Locator, values: Texts, releaseStatus?: string) {
  for (const [key, value] of Object.entries(values)) await field(form, COLLECTION_LABELS[key as keyof Texts]).fill(value);
  if (releaseStatus) await field(form, "Release status").selectOption(releaseStatus);
}

export async function expectCollection(form: Locator, values: Texts, releaseStatus?: string) {
  for (const [key, value] of Object.entries(values)) await expect(field(form, COLLECTION_LABELS[key as keyof Texts])).toHaveValue(value);
  if (releaseStatus) await expect(field(form, "Release status")).toHaveValue(releaseStatus);
}

export type PerkEntry = {
  short: string;
  long?: string;
  site?: string;
  status?: string;
  tags: string[];
  oneTime?: boolean;
  tokens?: string;
  moment?: string;
  day?: string;
  address?: string;
  latitude?: string;
  longitude?: string;
};

export async function fillPerk(form: Locator, perk: PerkEntry) {
  await field(form, "Short description (required)").fill(perk.short);
  if (perk.long) await field(form, "Long description").fill(perk.long);
  if (perk.site) await field(form, "Site").fill(perk.site);
  if (perk.status) await field(form, "Status").selectOption(perk.status);
  for (const tag of perk.tags) await form.getByRole("button", { name: tag, exact: true }).click();
  if (perk.oneTime) await form.getByLabel(/One-time perk/).check();
  if (perk.tokens) await field(form, "Tokens required").fill(perk.tokens);
  if (perk.moment || perk.day) {
    await field(form, perk.day ? "A day" : "A day and time").check();
    await field(form, perk.day ? "Day" : "Date and time").fill((perk.day ?? perk.moment)!);
  }
  if (perk.address) await field(form, "Address").fill(perk.address);
  if (perk.latitude) await field(form, "Latitude").fill(perk.latitude);
  if (perk.longitude) await field(form, "Longitude").fill(perk.longitude);
}

export async function expectPerk(form: Locator, perk: PerkEntry) {
  await expect(field(form, "Short description (required)")).toHaveValue(perk.short);
  await expect(field(form, "Long description")).toHaveValue(perk.long ?? "");
  await expect(field(form, "Site")).toHaveValue(perk.site ?? "");
  await expect(field(form, "Status")).toHaveValue(perk.status ?? "");
  for (const button of await form.getByRole("button", { pressed: true }).all()) {
    expect(perk.tags).toContain(await button.textContent());
  }
  for (const tag of perk.tags) await expect(form.getByRole("button", { name: tag, exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(form.getByLabel(/One-time perk/)).toBeChecked({ checked: Boolean(perk.oneTime) });
  await expect(field(form, "Tokens required")).toHaveValue(perk.tokens ?? "");
  await expect(field(form, "No date")).toBeChecked({ checked: !(perk.moment || perk.day) });
  if (perk.moment) await expect(field(form, "Date and time")).toHaveValue(perk.moment);
  if (perk.day) await expect(field(form, "Day")).toHaveValue(perk.day);
  await expect(field(form, "Address")).toHaveValue(perk.address ?? "");
  await expect(field(form, "Latitude")).toHaveValue(perk.latitude ?? "");
  await expect(field(form, "Longitude")).toHaveValue(perk.longitude ?? "");
}

export async function addPerk(page: Page, perk: PerkEntry) {
  await page.getByRole("button", { name: "Add a perk" }).click();
  const form = page.getByRole("form", { name: "New perk" });
  await fillPerk(form, perk);
  await form.getByRole("button", { name: "Add perk" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Perk “${perk.short}” added.` })).toBeVisible();
}

export async function readRecord(request: APIRequestContext, id: string) {
  const response = await request.get(`/api/portal/collections/${id}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** Stores a collection as the signed-in partner through the portal's save route. */
export async function saveThroughPortal(page: Page, baseURL: string, body: unknown) {
  const response = await page.request.post("/api/portal/save", { headers: { origin: baseURL }, data: body });
  const json = await response.json();
  expect(response.status(), JSON.stringify(json)).toBe(200);
  return json as { nftData: { PlatformNFTId: string }; perkData: { PlatformPerkId: string }[] };
}

/** Opens the site header's account menu (the account, the portal links and Sign out). */
export async function openAccountMenu(page: Page) {
  const summary = page.locator('summary[aria-label^="Account"]');
  if (!(await summary.evaluate((element) => (element.parentElement as HTMLDetailsElement).open))) await summary.click();
  return page.getByRole("navigation", { name: "Portal" });
}

export async function signOut(page: Page) {
  await (await openAccountMenu(page)).getByRole("button", { name: "Sign out" }).click();
}

export const idFromUrl = (page: Page) => new URL(page.url()).pathname.split("/").pop()!;
