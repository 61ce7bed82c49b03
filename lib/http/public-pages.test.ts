import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pageContentSecurityPolicy } from "./server/content-security-policy";
import {
  hashInlineScripts,
  isAnonymousPublicPage,
  NOT_FOUND_CACHE_CONTROL,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  PUBLIC_MAX_AGE,
  PUBLIC_STALE,
  publicCacheControl,
} from "./public-pages.mjs";

const get = (url: string, headers: Record<string, string> = {}) => ({ method: "GET", url, headers });
const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("which requests may get the shared copy", () => {
  it("takes the public pages, with or without a query", () => {
    for (const url of ["/", "/?category=Merch&page=2", "/perks?category=Events", "/docs", "/wallet", "/wallet/0xabc", "/collections/abc"]) {
      expect(isAnonymousPublicPage(get(url)), url).toBe(true);
    }
    expect(isAnonymousPublicPage({ method: "HEAD", url: "/perks", headers: {} })).toBe(true);
  });

  it("leaves out the portal, the API, other paths and methods, malformed paths, and anyone with a cookie or a key", () => {
    for (const url of ["/portal", "/portal/collections", "/api/search", "/api-gateway/search", "/collections/a/b", "/_next/static/x.js"]) {
      expect(isAnonymousPublicPage(get(url)), url).toBe(false);
    }
    expect(isAnonymousPublicPage(get("/collections/%FF"))).toBe(false);
    expect(isAnonymousPublicPage(get("/?query=%E0%A4%A"))).toBe(false);
    expect(isAnonymousPublicPage({ method: "POST", url: "/", headers: {} })).toBe(false);
    expect(isAnonymousPublicPage(get("/", { cookie: "uds.session_token=x" }))).toBe(false);
    expect(isAnonymousPublicPage(get("/", { authorization: "Bearer uds_x" }))).toBe(false);
  });
});

describe("the policy a cached page carries", () => {
  const nonce = "c2VjcmV0LW5vbmNlLTEyMw==";
  const policy = pageContentSecurityPolicy(nonce, false);
  const html =
    `<html><head><script src="/_next/static/chunks/a.js" async="" nonce="${nonce}"></script></head><body>` +
    `<script nonce="${nonce}">self.__next_f.push([1,"a"])</script>` +
    `<p>&lt;script&gt;stored text&lt;/script&gt;</p><script>window.smuggled=1</script>` +
    `<script nonce="${nonce}">self.__next_f.push([1,"b"])</script></body></html>`;

  it("names a hash for each inline script the render marked, and none for any other", () => {
    const cached = hashInlineScripts(html, policy)!;
    expect(cached.policy).toContain(`script-src 'self' ${hash('self.__next_f.push([1,"a"])')} ${hash('self.__next_f.push([1,"b"])')};`);
    expect(cached.policy).not.toContain(hash("window.smuggled=1"));
    expect(cached.policy.match(/script-src [^;]*/)![0]).not.toMatch(/nonce|strict-dynamic|unsafe/);
    // The rest of the policy is the page's own.
    expect(cached.policy).toContain("object-src 'none'");
    expect(cached.policy).toContain("frame-ancestors 'none'");
  });

  it("takes the render's nonce out of the markup, leaving the scripts as they were", () => {
    const cached = hashInlineScripts(html, policy)!;
    expect(cached.html).not.toContain(nonce);
    expect(cached.html).toContain('<script src="/_next/static/chunks/a.js" async=""></script>');
    expect(cached.html).toContain('<script>self.__next_f.push([1,"a"])</script>');
  });

  it("gives nothing to trade when the policy holds no nonce", () => {
    expect(hashInlineScripts(html, "default-src 'none'")).toBeNull();
  });
});

describe("Cache-Control by what the answer turned out to be", () => {
  it("is public with s-maxage N and stale-while-revalidate M for a page, short for a 404", () => {
    expect(publicCacheControl(200, false)).toBe(PUBLIC_CACHE_CONTROL);
    expect(PUBLIC_CACHE_CONTROL).toBe(`public, max-age=0, s-maxage=${PUBLIC_MAX_AGE}, stale-while-revalidate=${PUBLIC_STALE}`);
    expect(PUBLIC_MAX_AGE).toBeLessThanOrEqual(30);
    expect(publicCacheControl(404, false)).toBe(NOT_FOUND_CACHE_CONTROL);
    expect(NOT_FOUND_CACHE_CONTROL).toMatch(/^public, max-age=0, s-maxage=[1-9]$/);
  });

  it("is public for a redirect to a URL's tidy form, which depends on the URL alone", () => {
    for (const status of [307, 308]) expect(publicCacheControl(status, false), String(status)).toBe(PUBLIC_CACHE_CONTROL);
  });

  it("is private for a 429, an error, and any answer that sets a cookie", () => {
    for (const status of [429, 500, 503, 400, 403]) expect(publicCacheControl(status, false), String(status)).toBe(PRIVATE_CACHE_CONTROL);
    expect(publicCacheControl(200, true)).toBe(PRIVATE_CACHE_CONTROL);
    expect(PRIVATE_CACHE_CONTROL).toBe("private, no-store");
  });
});
