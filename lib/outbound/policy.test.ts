import ipaddr from "ipaddr.js";
import { afterEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "../env.js";
import { classifyAddress, parseIpLiteral } from "./addresses.js";
import { allows, internalEndpoints, internalMatcher, parseAllowList, type OutboundPolicy } from "./policy.js";

const none = () => false;
const policy = (p: Partial<OutboundPolicy> = {}): OutboundPolicy => ({ allowPrivate: false, allow: [], internal: [], ...p });
const target = (host: string, port = 443) => ({ host, port, address: parseIpLiteral(host)! });

describe("address classes", () => {
  it("reads every spelling getaddrinfo accepts as the address it is", () => {
    for (const spelling of ["127.0.0.1", "2130706433", "0x7f.1", "017700000001", "127.1", "0x7f000001", "[::ffff:127.0.0.1]", "::ffff:7f00:1"])
      expect(parseIpLiteral(spelling)?.toString(), spelling).toBe("127.0.0.1");
    expect(parseIpLiteral("db.example.com")).toBeUndefined();
  });

  it("sorts loopback, private, unique-local, CGNAT and reserved as private; metadata, link-local, unspecified and multicast as never", () => {
    const cls = (a: string) => classifyAddress(parseIpLiteral(a)!);
    for (const a of ["127.0.0.1", "::1", "10.1.2.3", "172.16.0.1", "172.31.255.254", "192.168.1.1", "100.64.0.1", "fd00::1", "fc00::1", "::ffff:10.0.0.1", "64:ff9b::a00:1", "198.18.0.1"])
      expect(cls(a), a).toBe("private");
    for (const a of ["169.254.169.254", "169.254.170.2", "fe80::1", "0.0.0.0", "::", "224.0.0.1", "ff02::1", "255.255.255.255", "fd00:ec2::254", "100.100.100.200", "192.0.0.192", "::ffff:169.254.169.254"])
      expect(cls(a), a).toBe("never");
    for (const a of ["8.8.8.8", "93.184.216.34", "2001:4860:4860::8888", "172.32.0.1", "11.0.0.1"]) expect(cls(a), a).toBe("public");
  });
});

describe("the policy", () => {
  it("refuses private addresses by default and lets public ones through", () => {
    for (const a of ["127.0.0.1", "::1", "10.0.0.1", "172.16.0.1", "192.168.0.1", "fd00::1", "100.64.0.1"]) expect(allows(policy(), none, target(a)), a).toBe(false);
    expect(allows(policy(), none, target("8.8.8.8"))).toBe(true);
  });

  it("lets private networks through when the operator allows them, never the metadata or unspecified addresses", () => {
    const open = policy({ allowPrivate: true });
    for (const a of ["127.0.0.1", "10.0.0.1", "fd00::1"]) expect(allows(open, none, target(a)), a).toBe(true);
    for (const a of ["169.254.169.254", "0.0.0.0", "::", "fd00:ec2::254", "100.100.100.200", "fe80::1"]) expect(allows(open, none, target(a)), a).toBe(false);
  });

  it("follows the allow-list: ranges, single addresses with a port, host names; the never-addresses stay refused", () => {
    const p = policy({ allow: parseAllowList("10.0.0.0/8, 127.0.0.1:4000, warehouse.internal:5432, [fd00::5]:5432, 169.254.0.0/16") });
    expect(allows(p, none, target("10.9.9.9"))).toBe(true);
    expect(allows(p, none, target("127.0.0.1", 4000))).toBe(true);
    expect(allows(p, none, target("127.0.0.1", 4001))).toBe(false);
    expect(allows(p, none, { host: "warehouse.internal", port: 5432, address: ipaddr.parse("192.168.7.7") })).toBe(true);
    expect(allows(p, none, { host: "warehouse.internal", port: 5433, address: ipaddr.parse("192.168.7.7") })).toBe(false);
    expect(allows(p, none, target("fd00::5", 5432))).toBe(true);
    expect(allows(p, none, target("169.254.169.254", 80))).toBe(false);
  });

  it("rejects allow-list entries it cannot read, naming them", () => {
    for (const bad of ["/var/run/postgresql", "10.0.0.0/99", "host:99999", "http://x", "a b"]) expect(() => parseAllowList(bad), bad).toThrow(/OUTBOUND_ALLOW/);
  });

  it("refuses the product's own database and Temporal even on an allowed private network, on every local spelling of a loopback service", async () => {
    const internal = internalEndpoints({ DATABASE_URL: "postgres://u:p@127.0.0.1:54329/signalpost", TEMPORAL_ADDRESS: "localhost:7233", TEMPORAL_UI_URL: "http://127.0.0.1:8233" });
    expect(internal).toEqual([
      { host: "127.0.0.1", port: 54329 },
      { host: "localhost", port: 7233 },
      { host: "127.0.0.1", port: 8233 },
    ]);
    const match = await internalMatcher(internal, async (h) => (h === "localhost" ? [ipaddr.parse("127.0.0.1"), ipaddr.parse("::1")] : []));
    const open = policy({ allowPrivate: true, internal });
    for (const a of ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1", "0.0.0.0"]) {
      expect(allows(open, match, target(a, 54329)), `${a}:54329`).toBe(false);
      expect(allows(open, match, target(a, 7233)), `${a}:7233`).toBe(false);
      expect(allows(open, match, target(a, 8233)), `${a}:8233`).toBe(false);
    }
    expect(allows(open, match, target("127.0.0.1", 54330))).toBe(true);
    // Listed explicitly by the operator (the tests' destinations load into their own server): allowed.
    expect(allows({ ...open, allow: parseAllowList("127.0.0.1:54329") }, match, target("127.0.0.1", 54329))).toBe(true);
  });

  it("refuses a remote product database by its resolved address on its port only", async () => {
    const internal = internalEndpoints({ DATABASE_URL: "postgres://u:p@db.internal:5432/signalpost" });
    const match = await internalMatcher(internal, async () => [ipaddr.parse("10.1.2.3")]);
    const open = policy({ allowPrivate: true, internal });
    expect(allows(open, match, target("10.1.2.3", 5432))).toBe(false);
    expect(allows(open, match, target("10.1.2.3", 5433))).toBe(true);
  });
});

describe("environment", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it("reads OUTBOUND_ALLOW_PRIVATE as a boolean and refuses an unreadable OUTBOUND_ALLOW at start", () => {
    process.env.OUTBOUND_ALLOW_PRIVATE = "false";
    process.env.OUTBOUND_ALLOW = "10.0.0.0/8";
    resetEnvCache();
    expect(getEnv().OUTBOUND_ALLOW_PRIVATE).toBe(false);
    process.env.OUTBOUND_ALLOW = "nonsense value";
    resetEnvCache();
    expect(() => getEnv()).toThrow(/OUTBOUND_ALLOW/);
  });
});
