import "server-only";
import { env } from "@/lib/env";

/**
 * The site a sign-in message names (its EIP-4361 domain and URI): the configured public URL
 * (BETTER_AUTH_URL, required in production), never the Host a request came with, which behind a
 * proxy is the bind address (0.0.0.0:3952) and from an attacker whatever they like, and which a
 * wallet compares with the page it signs on. Without a public URL (development, tests) the address
 * the request came to stands in.
 */
export type SignInSite = { domain: string; uri: string };

export function signInSite(request: Request): SignInSite {
  const url = new URL(env().BETTER_AUTH_URL ?? request.url);
  return { domain: url.host, uri: url.origin };
}

/** The domain a signed sign-in message must name: the site's, as `signInSite` gives it. */
export const domainOf = (request: Request) => signInSite(request).domain;
