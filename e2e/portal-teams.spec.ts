import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, expectNoAxeViolations, mailLink, signUpPartner, test } from "./fixtures";
import { collectionForm, field, saveThroughPortal } from "./portal-editor-helpers";

/** Signing in, sending mail and rendering new pages take seconds on a busy 2-core machine. */

test.describe("partner teams", () => {
  test.describe.configure({ timeout: 120_000 });

  test("an owner invites, a second browser accepts and edits, the owner removes them and their next request is refused", async ({
    page,
    partner: owner,
    browser,
    baseURL,
    uniqueWord,
  }) => {
    const saved = await saveThroughPortal(page, baseURL!, { nftData: { Title: `Team otters ${uniqueWord}`, ContractChain: "Base" } });
    const id = saved.nftData.PlatformNFTId;

    // The invitee has an account of their own, in a browser of their own.
    const context = await browser.newContext();
    const invitee = await signUpPartner(context.request, baseURL!);
    const theirs = await context.newPage();

    await page.goto("/portal/members");
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    await expect(page.getByTestId("current-team")).toHaveText(owner.name);
    const form = page.getByRole("form", { name: "Invite someone" });
    await form.getByLabel("Email address").fill("not an address");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(form.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("Email address").fill(invitee.email);
    await form.getByLabel("Role").selectOption("editor");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(form.getByRole("status")).toHaveText(`Invitation sent to ${invitee.email}.`);
    await expect(page.getByText(`${invitee.email} as editor`)).toBeVisible();
    await expectNoAxeViolations(page);
    // Deleting the team asks first, and the service's refusal shows in the dialog: the team still owns a collection.
    await page.getByRole("button", { name: "Delete team" }).click();
    const deleting = page.getByRole("dialog", { name: `Delete “${owner.name}”?` });
    await deleting.getByRole("button", { name: "Delete team" }).click();
    await expect(deleting.getByText(/The team was not deleted: The team still owns \d+ collections?/)).toBeVisible();
    await deleting.getByRole("button", { name: "Cancel" }).click();
    await expect(deleting).toBeHidden();

    // Inviting the same address again is refused beside the field.
    await form.getByLabel("Email address").fill(invitee.email);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(form.getByLabel("Email address")).toHaveAccessibleDescription(/already has an invitation waiting/);

    // The link from the second message (the first confirmed the address), accepted with a double click.
    const link = await mailLink(invitee.email, 2);
    await theirs.goto(link);
    await expect(theirs.getByText("You are invited to join")).toBeVisible();
    const accepted = theirs.waitForResponse((response) => response.url().endsWith("/api/portal/invitations/accept"));
    await theirs.getByRole("button", { name: `Join ${owner.name}` }).dblclick();
    expect((await accepted).status()).toBe(200);
    await expect(theirs).toHaveURL(/\/portal\/collections$/);
    await expect(theirs.getByText("you are an editor")).toBeVisible();
    await expect(theirs.getByLabel("Switch team")).toBeVisible();

    // They edit the team's collection in the editor.
    await theirs.goto(`/portal/collections/${id}`);
    const editor = collectionForm(theirs);
    await field(editor, "Title (required)").fill(`Edited by the invitee ${uniqueWord}`);
    const save = theirs.waitForResponse((response) => response.url().endsWith("/api/portal/save"));
    await editor.getByRole("button", { name: "Save collection" }).click();
    expect((await save).status()).toBe(200);

    // The owner sees them as a member and removes them.
    await page.reload();
    await page.getByRole("button", { name: `Remove ${invitee.name} (${invitee.email})` }).click();
    const removed = page.waitForResponse((response) => response.url().includes("/api/portal/team/members/"));
    await page.getByRole("button", { name: `Remove ${invitee.name}`, exact: true }).click();
    expect((await removed).status()).toBe(200);
    await expect(page.getByText(invitee.email, { exact: true })).toHaveCount(0);

    // The invitee's very next request, on the session they already hold, no longer reaches the team's work.
    const refused = await context.request.post("/api/portal/save", {
      headers: { origin: baseURL! },
      data: { nftData: { Title: `Edited after removal ${uniqueWord}`, ContractChain: "Base", PlatformNFTId: id } },
    });
    expect(refused.status()).toBe(403);
    expect((await context.request.get(`/api/portal/collections/${id}`)).status()).toBe(404);
    await context.close();
  });

  test("the owner renames the team: a blank name is refused at the field, a double click renames it, and the bar shows the new name", async ({
    page,
    partner: owner,
    uniqueWord,
  }) => {
    await page.goto("/portal/members");
    const form = page.getByRole("form", { name: "Team name" });
    const name = form.getByLabel("Name", { exact: true });
    await expect(name).toHaveValue(owner.name);
    await name.fill("   ");
    await form.getByRole("button", { name: "Rename team" }).click();
    await expect(name).toHaveAccessibleDescription(/Enter the team's name/);

    const renamed = `Harbour Labs ${uniqueWord}`;
    await name.fill(renamed);
    const answered = page.waitForResponse(
      (response) => response.request().method() === "PATCH" && response.url().endsWith("/api/portal/team"),
    );
    await form.getByRole("button", { name: "Rename team" }).dblclick();
    expect((await answered).status()).toBe(200);
    await expect(form.getByRole("status")).toHaveText(`The team is now called ${renamed}.`);
    await expect(page.getByTestId("current-team")).toHaveText(renamed);
    await expect(page.getByRole("heading", { level: 2, name: `${renamed}: 1 member` })).toBeVisible();
    await expect(form.getByRole("alert")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("current-team")).toHaveText(renamed);
    await expect(name).toHaveValue(renamed);
    await expectNoAxeViolations(page);
  });

  test("a viewer sees the Members, keys, collections, import, delivery log and claims pages read only, each with its reason", async ({
    page,
    browser,
    baseURL,
    uniqueWord,
  }) => {
    const owner = await signUpPartner(page.request, baseURL!);
    // The owner's team has a collection and an endpoint that received its creation, for the viewer to see.
    const receiver = createServer((request, response) => request.resume().on("end", () => response.writeHead(204).end()));
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const registered = await page.request.post("/api/portal/webhooks", {
      headers: { origin: baseURL! },
      data: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, events: ["collection.created"] },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const endpointId = ((await registered.json()) as { endpoint: { id: string } }).endpoint.id;
    const title = `Viewed otters ${uniqueWord}`;
    const saved = await saveThroughPortal(page, baseURL!, { nftData: { Title: title, ContractChain: "Base" } });

    const context = await browser.newContext();
    const viewer = await signUpPartner(context.request, baseURL!);
    const invited = await page.request.post("/api/portal/team/invitations", {
      headers: { origin: baseURL! },
      data: { email: viewer.email, role: "viewer" },
    });
    expect(invited.status()).toBe(200);
    const token = new URL(await mailLink(viewer.email, 2)).searchParams.get("token");
    expect(
      (await context.request.post("/api/portal/invitations/accept", { headers: { origin: baseURL! }, data: { token } })).status(),
    ).toBe(200);

    const theirs = await context.newPage();
    await theirs.goto("/portal/members");
    await expect(theirs.getByText(owner.email, { exact: true })).toBeVisible();
    const form = theirs.getByRole("form", { name: "Invite someone" });
    await expect(form.getByLabel("Email address")).toBeDisabled();
    await expect(form.getByText("Only owners and admins invite, change and remove members.")).toBeVisible();
    await expect(theirs.getByRole("button", { name: `Remove ${owner.name} (${owner.email})` })).toBeDisabled();
    await expect(theirs.getByRole("button", { name: "Delete team" })).toBeDisabled();
    await expect(theirs.getByText(/^Read only: deleting the team needs the owner role/)).toBeVisible();
    const naming = theirs.getByRole("form", { name: "Team name" });
    await expect(naming.getByLabel("Name", { exact: true })).toBeDisabled();
    await expect(naming.getByText("Only owners rename the team.")).toBeVisible();
    await expect(naming.getByRole("button", { name: "Rename team" })).toBeDisabled();
    await expectNoAxeViolations(theirs);
    await theirs.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(theirs);

    await theirs.goto("/portal/keys");
    await expect(theirs.getByText(/Read only: creating and revoking API keys needs the admin role/)).toBeVisible();
    await expect(theirs.getByLabel("Label")).toBeDisabled();

    // My collections: the list and its filters work; creating a collection is a disabled button described by the note.
    await theirs.goto("/portal/collections");
    await expect(theirs.getByRole("link", { name: title })).toBeVisible();
    await expect(
      theirs.getByText(/Read only: creating and importing collections needs the editor role, and you are a viewer/),
    ).toBeVisible();
    const create = theirs.getByRole("button", { name: "New collection" });
    await expect(create).toBeDisabled();
    await expect(create).toHaveAccessibleDescription(/needs the editor role/);
    await expect(theirs.getByRole("link", { name: "New collection" })).toHaveCount(0);
    await expect(theirs.getByLabel("Find by title")).toBeEnabled();
    await expectNoAxeViolations(theirs);

    // Import: the form is read only with its reason; exporting stays open to a viewer.
    await theirs.getByRole("link", { name: "Import or export" }).click();
    await expect(theirs.getByRole("heading", { level: 1, name: "Import and export" })).toBeVisible();
    await expect(theirs.getByText(/Read only: importing collections needs the editor role, and you are a viewer/)).toBeVisible();
    await expect(theirs.getByLabel(/^File/)).toBeDisabled();
    await expect(theirs.getByRole("button", { name: "Import" })).toBeDisabled();
    const exported = await context.request.get("/api/portal/export?format=json");
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain(title);
    await expect(theirs.getByRole("link", { name: "Download JSON" })).toBeVisible();
    await expectNoAxeViolations(theirs);

    // The delivery log shows the deliveries; Resend is disabled, with the reason.
    await theirs.goto(`/portal/webhooks/${endpointId}`);
    const row = theirs.getByRole("row", { name: /collection\.created/ });
    await expect(row).toBeVisible();
    await expect(theirs.getByText(/Read only: resending deliveries and enabling an endpoint again needs the admin role/)).toBeVisible();
    await expect(row.getByRole("button", { name: /^Resend/ })).toBeDisabled();
    for (const scheme of ["light", "dark"] as const) {
      await theirs.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(theirs);
    }

    // A collection's claims: the list is shown, checking a code needs an editor.
    await theirs.goto(`/portal/collections/${saved.nftData.PlatformNFTId}/claims`);
    await expect(theirs.getByText(/Read only: redeeming a code needs the editor role, and you are a viewer/)).toBeVisible();
    await expect(theirs.getByLabel("Claim code")).toBeDisabled();
    await expect(theirs.getByRole("button", { name: "Redeem" })).toBeDisabled();
    await expectNoAxeViolations(theirs);
    await context.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });
});
