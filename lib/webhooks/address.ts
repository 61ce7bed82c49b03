import { BlockList, isIP } from "node:net";

/**
 * Addresses a webhook may never reach unless WEBHOOKS_ALLOW_PRIVATE=1: this machine, private
 * networks, link-local (cloud metadata services live at 169.254.169.254 and fd00:ec2::254) and
 * other non-public ranges, in IPv4 and IPv6. IPv4-mapped IPv6 (::ffff:10.0.0.1) is checked as the
 * IPv4 address it carries.
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
] as const) {
  forbidden.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64, which can reach private IPv4
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4, which embeds IPv4
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // old site-local
  ["ff00::", 8], // multicast
] as const) {
  forbidden.addSubnet(network, prefix, "ipv6");
}

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_IPV4_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** The IPv4 address an IPv4-mapped IPv6 address carries, or the address itself. */
function unmapped(address: string): string {
  const dotted = MAPPED_IPV4.exec(address);
  if (dotted) return dotted[1]!;
  const hex = MAPPED_IPV4_HEX.exec(address);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return address;
}

/** Whether a webhook must not be sent to this IP address (anything that is not an IP counts). */
export function isForbiddenAddress(address: string): boolean {
  const plain = unmapped(address.replace(/^\[|\]$/g, "").split("%")[0]!);
  const family = isIP(plain);
  if (family === 0) return true;
  return forbidden.check(plain, family === 4 ? "ipv4" : "ipv6");
}
