// What kind of address an IP is, for the outbound guard. ipaddr.js knows the special-purpose
// registries (IANA IPv4 and IPv6) and parses every spelling getaddrinfo accepts (2130706433,
// 0x7f.1, 017700000001, 127.1), so a tenant's spelling cannot slip past a string comparison.
import ipaddr from "ipaddr.js";

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * public: routable on the internet. private: loopback, RFC 1918, unique-local, CGNAT, reserved and
 * translation ranges (reachable only when the operator allows private networks). never: addresses
 * no destination can legitimately have (unspecified, link-local with the cloud metadata services,
 * multicast, broadcast, the metadata services' other addresses), refused whatever the settings.
 */
export type AddressClass = "public" | "private" | "never";

const NEVER_RANGES = new Set(["unspecified", "linkLocal", "multicast", "broadcast"]);

/** Metadata services outside link-local: AWS IMDS over IPv6, Alibaba Cloud, Oracle Cloud. */
const METADATA_ADDRESSES = ["fd00:ec2::254", "100.100.100.200", "192.0.0.192"].map((a) => ipaddr.parse(a).toNormalizedString());

/** The IP a host string denotes, when it is an IP literal in any accepted spelling (brackets allowed for IPv6). */
export function parseIpLiteral(host: string): IpAddress | undefined {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (!ipaddr.isValid(bare)) return undefined;
  return unmapped(ipaddr.parse(bare));
}

/** ::ffff:a.b.c.d is the IPv4 address a.b.c.d on the wire: judge it as one. */
export function unmapped(address: IpAddress): IpAddress {
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

export function classifyAddress(input: IpAddress): AddressClass {
  const address = unmapped(input);
  if (METADATA_ADDRESSES.includes(address.toNormalizedString())) return "never";
  const range = address.range();
  if (NEVER_RANGES.has(range)) return "never";
  return range === "unicast" ? "public" : "private";
}

export function isLoopbackOrUnspecified(address: IpAddress): boolean {
  const range = unmapped(address).range();
  return range === "loopback" || range === "unspecified";
}

/** A stable text for comparing addresses (IPv4 dotted, IPv6 fully expanded). */
export function addressKey(address: IpAddress): string {
  return unmapped(address).toNormalizedString();
}
