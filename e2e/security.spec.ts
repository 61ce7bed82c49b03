import { createHash } from "node:crypto";
import { expect, test } from "./fixtures";

/** Response headers and cross-site protections of the running production server. */
test.describe("web security", () => {
  const hardening = (headers: Record<string, string>) => {
    expect(headers["content-security-policy"]).not.toContain("unsafe-eval");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain("object-src 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
  };

  test("/portal/sign-in carries a nonce-based CSP without unsafe-eval, and the hardening headers", async ({ request }) => {
    const headers = (await request.get("/portal/sign-in")).headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    hardening(headers);
    // The nonce is fresh for every answer.
    const again = (await request.get("/portal/sign-in")).headers()["content-security-policy"];
    expect(again).not.toBe(headers["content-security-policy"]);
  });

  for (const path of ["/", "/docs"]) {
    test(`${path}, public and cacheable, names its inline scripts' hashes instead of a nonce (docs/decisions/071)`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      const scriptSource = headers["content-security-policy"]?.match(/script-src [^;]*/)?.[0] ?? "";
      expect(scriptSource).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+$/);
      hardening(headers);
      // Every inline script of the page is one of the hashes; none carries a nonce any more.
      const html = await response.text();
      expect(html).not.toMatch(/<script[^>]*\snonce=/);
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
      expect(inline.length).toBeGreaterThan(0);
      for (const body of inline) expect(scriptSource).toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
    });
  }

  test("pages hydrate under the hash policy: no script is refused", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto("/docs");
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    // The reference's filter works only once React has hydrated.
    await page.getByLabel("Search the reference").fill("409");
    await expect(page.getByRole("heading", { level: 3, name: "get /api-gateway/search", exact: true })).toBeHidden();
    expect(violations).toEqual([]);
  });

  test("a script smuggled into the page without the nonce does not run", async ({ page }) => {
    await page.goto("/");
    const blocked = await page.evaluate(async () => {
      const holder = document.createElement("div");
      // Parser-inserted markup, as stored text would be if it were ever rendered as HTML.
      holder.innerHTML = '<iframe srcdoc="<script>parent.window.smuggled = 1</script>"></iframe>';
      document.body.append(holder);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return (window as unknown as { smuggled?: number }).smuggled === undefined;
    });
    expect(blocked).toBe(true);
  });

  test("API answers are never cached, and carry a policy that loads nothing", async ({ request, apiKey }) => {
    for (const path of ["/api-gateway/search", "/api/search", "/api/health"]) {
      const response = await request.get(path, { headers: { authorization: `Bearer ${apiKey}` } });
      expect(response.headers()["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    }
    const search = await request.get("/api-gateway/search", { headers: { authorization: `Bearer ${apiKey}` } });
    expect(search.headers()["cache-control"]).toBe("no-store");
  });

  test("a portal write sent from another site is refused, even with the partner's cookie", async ({ request, baseURL, signUpPartner }) => {
    await signUpPartner(request);
    const body = { nftData: { Title: "Planted from elsewhere", ContractChain: "Base" } };
    const crossSite = await request.post("/api/portal/save", { headers: { origin: "https://evil.example" }, data: body });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: "Cross-origin request refused" });
    const noOrigin = await request.post("/api/portal/save", { data: body });
    expect(noOrigin.status()).toBe(403);
    const list = await request.get("/api/portal/collections");
    expect((await list.json()).collections).toEqual([]);
    // The same request from the site itself goes through: the refusals above were about origin.
    const sameSite = await request.post("/api/portal/save", { headers: { origin: baseURL! }, data: body });
    expect(sameSite.status()).toBe(200);
  });

  test("stored markup and script stay inert on the portal pages, and javascript: URLs are never stored", async ({
    page,
    partner: _signedIn,
    baseURL,
  }) => {
    const title = `<img src=x onerror="window.pwned=1"><script>window.pwned=1</script> Inert`;
    const perkText = "<script>window.pwned=1</script>";
    const saved = await page.request.post("/api/portal/save", {
      headers: { origin: baseURL! },
      data: {
        nftData: { Title: title, ContractChain: "Base", CollectionDescription: "<b>not bold</b>" },
        perkData: [{ ShortDescription: perkText, Tags: ["Merch"] }],
      },
    });
    expect(saved.status()).toBe(200);
    const id = (await saved.json()).nftData.PlatformNFTId;

    await page.goto("/portal/collections");
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await page.goto(`/portal/collections/${id}`);
    await expect(page.getByRole("textbox", { name: "Title (required)" })).toHaveValue(title);
    await expect(page.getByRole("heading", { level: 3, name: perkText })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

    const scriptUrl = await page.request.post("/api/portal/save", {
      headers: { origin: baseURL! },
      data: { nftData: { Title: "Link trap", ContractChain: "Base", Website: "javascript:alert(1)" } },
    });
    expect(scriptUrl.status()).toBe(400);
    expect(await scriptUrl.json()).toMatchObject({ error: "nftData.Website: must be an absolute http:// or https:// URL" });
  });
});
