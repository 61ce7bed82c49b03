import { isIPv4, isIPv6 } from "node:net";
import { env } from "@/lib/env";

/**
 * The header in which the production server (server.mjs) records the connection's own address,
 * replacing whatever a client sent under that name. Next.js gives route handlers no socket.
 */
export const SOCKET_ADDRESS_HEADER = "x-uds-socket-address";

/** Strips what a proxy may add around an address: brackets, an IPv4 port, the IPv4-mapped prefix. */
function bareAddress(raw: string): string | null {
  let text = raw.trim();
  const bracketed = text.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.replace(/%.*$/, "").toLowerCase();
  if (text.startsWith("::ffff:") && isIPv4(text.slice(7))) text = text.slice(7);
  return isIPv4(text) || isIPv6(text) ? text : null;
}

/**
 * The client's address. With TRUSTED_PROXY_HOPS=0 (default) any X-Forwarded-For is the client's
 * own claim and is ignored: the connection's address counts. With N proxies in front, each
 * appends the address it saw, so the Nth entry from the right is the one the outermost trusted
 * proxy saw; entries left of it were written by the client.
 */
export function clientAddress(headers: Headers): string | null {
  const hops = env().TRUSTED_PROXY_HOPS;
  const socket = headers.get(SOCKET_ADDRESS_HEADER);
  if (hops === 0) return socket ? bareAddress(socket) : null;
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length === 0) return socket ? bareAddress(socket) : null;
  return bareAddress(chain[Math.max(0, chain.length - hops)]!);
}

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const embedded = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (embedded) {
    const [a, b, c, d] = embedded.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, embedded.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The budget key for an address. One IPv6 subscriber usually holds a whole /64, so its addresses
 * share one budget; otherwise rotating through them would multiply it.
 */
export function addressBudgetKey(address: string | null): string {
  if (!address) return "unknown";
  if (!isIPv6(address)) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${prefix.join(":")}::/64`;
}

/** The rate-limit key of a request without a valid key or session. */
export function clientIp(request: Request): string {
  return addressBudgetKey(clientAddress(request.headers));
}
