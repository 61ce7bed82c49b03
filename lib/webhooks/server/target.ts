import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isForbiddenAddress } from "../address";

/** Resolves a host name to all its addresses (injectable: tests play DNS that changes its answer). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

export class TargetRefused extends Error {}

export type TargetPolicy = { allowPrivate: boolean; resolve?: Resolver };

/** The URL's problems that need no DNS: not a URL, not https (http only with allowPrivate), credentials. */
export function targetUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full URL, such as https://example.com/webhooks";
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return "The URL must start with https://";
  if (url.username || url.password) return "The URL must not contain a user name or password";
  return null;
}

/**
 * Checks a webhook URL now and returns the one address to connect to. Every address the name
 * resolves to must be public (a name that also resolves to 127.0.0.1 is refused, whichever the
 * client would pick), and the caller connects to the address returned, not to the name again: DNS
 * may answer differently a moment later.
 */
export async function checkTarget(raw: string, policy: TargetPolicy): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  const problem = targetUrlProblem(raw, policy.allowPrivate);
  if (problem) throw new TargetRefused(problem);
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await (policy.resolve ?? systemResolver)(host).catch(() => {
        throw new TargetRefused(`The host name ${host} does not resolve`);
      });
  if (addresses.length === 0) throw new TargetRefused(`The host name ${host} does not resolve`);
  if (!policy.allowPrivate) {
    const bad = addresses.find((entry) => isForbiddenAddress(entry.address));
    if (bad) throw new TargetRefused(`The URL points to a private, loopback or link-local address (${bad.address}); use a public one`);
  }
  const chosen = addresses[0]!;
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
