// The guard against real sockets on loopback. Names like "landing.test" resolve only through the
// guard's own lookup: a request that reaches a server by such a name proves the connection went
// to the address the guard checked, not to a second resolution (DNS rebinding).
import http from "node:http";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboundGuard, OUTBOUND_REFUSED, type OutboundGuard } from "./guard.js";
import { parseAllowList, type OutboundPolicy } from "./policy.js";

type Server = { port: number; hits: string[]; connections: number; close: () => Promise<void> };

async function listen(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Server> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.headers.host}${req.url}`);
    handler(req, res);
  });
  const state = { connections: 0 };
  server.on("connection", () => state.connections++);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    hits,
    get connections() {
      return state.connections;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

let allowed: Server;
let internal: Server;
const lookups: string[] = [];

function guard(p: Partial<OutboundPolicy> = {}): OutboundGuard {
  return createOutboundGuard({
    policy: () => ({ allowPrivate: false, allow: parseAllowList(`127.0.0.1:${allowed.port}`), internal: [], ...p }),
    lookup: async (host) => {
      lookups.push(host);
      if (host === "landing.test") return [ipaddr.parse("127.0.0.1")];
      if (host === "localhost") return [ipaddr.parse("127.0.0.1"), ipaddr.parse("::1")];
      if (host === "rebind.test") return [ipaddr.parse("10.0.0.7")];
      if (host === "split.test") return [ipaddr.parse("93.184.216.34"), ipaddr.parse("127.0.0.1")];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    },
  });
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => {
      for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) if ((c as { code?: string }).code === OUTBOUND_REFUSED) return c as Error;
      throw e;
    },
  );

beforeAll(async () => {
  internal = await listen((_req, res) => res.end("internal secret"));
  allowed = await listen((req, res) => {
    if (req.url === "/to-internal") return res.writeHead(302, { location: `http://127.0.0.1:${internal.port}/admin` }).end();
    if (req.url === "/to-metadata") return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (req.url === "/to-name") return res.writeHead(302, { location: `http://rebind.test:${internal.port}/` }).end();
    res.end("public page");
  });
});
afterAll(async () => {
  await allowed.close();
  await internal.close();
});

describe("resolve", () => {
  it("refuses every spelling of loopback, private, link-local, unique-local, CGNAT and metadata addresses", async () => {
    const g = guard();
    const targets = ["127.0.0.1", "localhost", "::1", "[::1]", "[::ffff:127.0.0.1]", "0.0.0.0", "0", "2130706433", "0x7f.1", "017700000001", "127.1", "10.0.0.1", "172.16.0.1", "192.168.1.1", "169.254.169.254", "[fd00::1]", "fe80::1", "100.64.0.1", "224.0.0.1", "rebind.test", "split.test"];
    for (const host of targets) expect(await refusal(g.resolve(host, 5432)), host).toBeInstanceOf(Error);
  });

  it("names the host as typed in its message and nothing about the address or the port", async () => {
    const err = (await refusal(guard().resolve("rebind.test", 6379)))!;
    expect(err.message).toContain('"rebind.test"');
    expect(err.message).not.toMatch(/10\.0\.0\.7|6379/);
    // The same words whatever the reason (private network or the product's own database).
    const own = await refusal(guard({ allowPrivate: true, internal: [{ host: "10.0.0.7", port: 6379 }] }).resolve("rebind.test", 6379));
    expect(own?.message).toBe(err.message);
  });

  it("refuses what is not a host: socket paths, URLs, spaces, bad ports", async () => {
    for (const host of ["/var/run/postgresql", "http://x.example", "a b", "", "x.example/../y"]) expect(await refusal(guard().resolve(host, 5432)), host).toBeInstanceOf(Error);
    expect(await refusal(guard().resolve("8.8.8.8", 0))).toBeInstanceOf(Error);
  });

  it("answers the checked address for a public name, and lets an operator-trusted host:port through", async () => {
    expect(await guard().resolve("8.8.8.8", 443)).toEqual({ address: "8.8.8.8", family: 4 });
    expect(await guard().resolve("2001:4860:4860::8888", 443)).toEqual({ address: "2001:4860:4860::8888", family: 6 });
    expect(await guard().trusting(`127.0.0.1:${internal.port}`).resolve("127.0.0.1", internal.port)).toEqual({ address: "127.0.0.1", family: 4 });
    expect(await refusal(guard().trusting(`127.0.0.1:${internal.port}`).resolve("127.0.0.1", internal.port + 1))).toBeInstanceOf(Error);
  });
});

describe("fetch", () => {
  it("connects to the address it checked: a name only the guard resolves reaches the server, with one lookup", async () => {
    lookups.length = 0;
    const res = await guard().fetch(`http://landing.test:${allowed.port}/page`);
    expect(await res.text()).toBe("public page");
    expect(allowed.hits).toContain(`landing.test:${allowed.port}/page`);
    expect(lookups).toEqual(["landing.test"]);
  });

  it("checks every redirect hop: an allowed site redirecting to an internal one, to the metadata service or to a private name is refused before connecting", async () => {
    const before = internal.connections;
    for (const path of ["/to-internal", "/to-metadata", "/to-name"]) expect(await refusal(guard().fetch(`http://127.0.0.1:${allowed.port}${path}`)), path).toBeInstanceOf(Error);
    expect(internal.connections).toBe(before);
    expect(internal.hits).toEqual([]);
  });

  it("refuses a direct request to an internal service without opening a connection", async () => {
    const before = internal.connections;
    expect(await refusal(guard().fetch(`http://127.0.0.1:${internal.port}/`))).toBeInstanceOf(Error);
    expect(await refusal(guard().fetch(`http://[::ffff:127.0.0.1]:${internal.port}/`))).toBeInstanceOf(Error);
    expect(await refusal(guard().fetch(`http://2130706433:${internal.port}/`))).toBeInstanceOf(Error);
    expect(internal.connections).toBe(before);
  });
});

describe("agents and sockets", () => {
  const get = (agent: http.Agent, url: string) =>
    new Promise<string>((resolve, reject) => {
      http.get(url, { agent }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve(body));
      }).on("error", reject);
    });

  it("the http agent connects to the checked address and refuses internal ones", async () => {
    const g = guard();
    expect(await get(g.httpAgent, `http://landing.test:${allowed.port}/agent`)).toBe("public page");
    const before = internal.connections;
    expect(await refusal(get(g.httpAgent, `http://127.0.0.1:${internal.port}/`))).toBeInstanceOf(Error);
    expect(await refusal(get(g.httpAgent, `http://localhost:${internal.port}/`))).toBeInstanceOf(Error);
    expect(internal.connections).toBe(before);
  });

  it("connect() opens a socket to the checked address and refuses internal ones", async () => {
    const socket = await guard().connect({ host: "landing.test", port: allowed.port });
    expect(socket.remoteAddress).toBe("127.0.0.1");
    socket.destroy();
    const before = internal.connections;
    expect(await refusal(guard().connect({ host: "127.0.0.1", port: internal.port }))).toBeInstanceOf(Error);
    expect(internal.connections).toBe(before);
  });
});
