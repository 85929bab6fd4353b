// The outbound guard's rules (decision 0840): which resolved address a tenant-supplied host may
// reach. Public addresses pass; private ones only when the operator allows private networks or
// lists them; the product's own database and Temporal never (unless the operator lists them);
// unspecified, link-local (cloud metadata), multicast and broadcast addresses never at all.
import os from "node:os";
import url from "node:url";
import ipaddr from "ipaddr.js";
import { addressKey, classifyAddress, isLoopbackOrUnspecified, parseIpLiteral, unmapped, type IpAddress } from "./addresses.js";

/** One OUTBOUND_ALLOW entry: a CIDR range or IP, or a host name, each optionally limited to a port. */
export type AllowEntry = { text: string; port?: number } & ({ kind: "range"; range: [IpAddress, number] } | { kind: "host"; name: string });

export interface Endpoint {
  host: string;
  port: number;
}

export interface OutboundPolicy {
  /** OUTBOUND_ALLOW_PRIVATE: self-hosted installs whose destinations live on the private network, and tests. */
  allowPrivate: boolean;
  /** OUTBOUND_ALLOW: what the operator allows explicitly (also the product's own services, for tests). */
  allow: AllowEntry[];
  /** The product's own services (database, Temporal frontend and UI), refused even on a private network. */
  internal: Endpoint[];
}

/** Lower-case, no brackets, no trailing dot: the form every comparison uses. */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  return h.endsWith(".") ? h.slice(0, -1) : h;
}

const LABEL = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** A DNS name we are willing to resolve (IDNs in their ASCII form); never a path, a URL or a zone id. */
export function isHostName(host: string): boolean {
  // domainToASCII cuts at "/" and other URL characters: check the text itself first.
  if (/[^\p{L}\p{N}._-]/u.test(host)) return false;
  const ascii = url.domainToASCII(host);
  return ascii !== "" && ascii.length <= 253 && ascii.split(".").every((l) => LABEL.test(l));
}

function portOf(text: string, entry: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`OUTBOUND_ALLOW: "${entry}" has an invalid port.`);
  return port;
}

function parseAllowEntry(entry: string): AllowEntry {
  const invalid = () => new Error(`OUTBOUND_ALLOW: "${entry}" is not a CIDR range, an IP address or a host name (each optionally with :port).`);
  let hostPart = entry;
  let port: number | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) {
    hostPart = bracketed[1]!;
    if (bracketed[2]) port = portOf(bracketed[2], entry);
  } else if ((entry.match(/:/g) ?? []).length === 1) {
    const at = entry.lastIndexOf(":");
    hostPart = entry.slice(0, at);
    port = portOf(entry.slice(at + 1), entry);
  }
  if (hostPart.includes("/")) {
    try {
      const [address, bits] = ipaddr.parseCIDR(hostPart);
      return { text: entry, port, kind: "range", range: [address, bits] };
    } catch {
      throw invalid();
    }
  }
  const literal = parseIpLiteral(hostPart);
  if (literal) return { text: entry, port, kind: "range", range: [literal, literal.kind() === "ipv4" ? 32 : 128] };
  const name = normalizeHost(hostPart);
  if (!isHostName(name)) throw invalid();
  return { text: entry, port, kind: "host", name };
}

export function parseAllowList(value: string | undefined): AllowEntry[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseAllowEntry);
}

function endpointOfUrl(value: string | undefined, defaultPort: number): Endpoint | undefined {
  if (!value) return undefined;
  try {
    const u = new URL(value);
    if (!u.hostname) return undefined;
    return { host: normalizeHost(u.hostname), port: u.port ? Number(u.port) : u.protocol === "https:" ? 443 : u.protocol === "http:" ? 80 : defaultPort };
  } catch {
    return undefined;
  }
}

function endpointOfAddress(value: string | undefined, defaultPort: number): Endpoint | undefined {
  return value ? endpointOfUrl(`tcp://${value}`, defaultPort) : undefined;
}

/** The product's own services as the environment names them (database, Temporal frontend, Temporal UI). */
export function internalEndpoints(env: { DATABASE_URL?: string; TEMPORAL_ADDRESS?: string; TEMPORAL_UI_URL?: string }): Endpoint[] {
  return [endpointOfUrl(env.DATABASE_URL, 5432), endpointOfAddress(env.TEMPORAL_ADDRESS, 7233), endpointOfUrl(env.TEMPORAL_UI_URL, 80)].filter(
    (e): e is Endpoint => e !== undefined,
  );
}

export type InternalMatch = (address: IpAddress, port: number) => boolean;

/** Every address of this machine: a service bound to loopback or to all interfaces answers on each. */
function localAddresses(): string[] {
  const out = ["127.0.0.1", "::1", "0.0.0.0", "::"];
  for (const list of Object.values(os.networkInterfaces())) for (const i of list ?? []) out.push(i.address.split("%")[0]!);
  return out;
}

/**
 * Matches the addresses the product's own services answer on. A service on loopback (the embedded
 * PostgreSQL, the Temporal dev server) answers on every loopback address and, when bound to all
 * interfaces, on each of the machine's addresses: all of them are refused on its port.
 */
export async function internalMatcher(endpoints: Endpoint[], lookup: (host: string) => Promise<IpAddress[]>): Promise<InternalMatch> {
  const exact = new Set<string>();
  const anyLocalPorts = new Set<number>();
  for (const e of endpoints) {
    const literal = parseIpLiteral(e.host);
    // An unresolvable service is unreachable for us too: nothing to protect under that name.
    const addresses = literal ? [literal] : await lookup(e.host).catch(() => [] as IpAddress[]);
    for (const a of addresses) {
      exact.add(`${addressKey(a)}|${e.port}`);
      if (isLoopbackOrUnspecified(a)) anyLocalPorts.add(e.port);
    }
  }
  const local = new Set(localAddresses().flatMap((a) => (ipaddr.isValid(a) ? [addressKey(ipaddr.parse(a))] : [])));
  return (address, port) => {
    if (exact.has(`${addressKey(address)}|${port}`)) return true;
    if (!anyLocalPorts.has(port)) return false;
    return isLoopbackOrUnspecified(address) || local.has(addressKey(address));
  };
}

function allowListed(allow: AllowEntry[], host: string, port: number, address: IpAddress): boolean {
  return allow.some((e) => {
    if (e.port !== undefined && e.port !== port) return false;
    if (e.kind === "host") return e.name === host;
    const [range, bits] = e.range;
    const a = unmapped(address);
    return a.kind() === range.kind() && a.match(range, bits);
  });
}

/**
 * Whether `host` (as requested, normalised) may be reached at `address`:`port`. The order matters:
 * never-addresses first (no setting lifts them), then the operator's explicit list, then the
 * product's own services, then public versus private.
 */
export function allows(policy: OutboundPolicy, internal: InternalMatch, target: { host: string; port: number; address: IpAddress }): boolean {
  const kind = classifyAddress(target.address);
  if (kind === "never") return false;
  if (allowListed(policy.allow, target.host, target.port, target.address)) return true;
  if (internal(target.address, target.port)) return false;
  return kind === "public" || policy.allowPrivate;
}
