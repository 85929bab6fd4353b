import type { AddressInfo } from "node:net";
import express, { type Request, type Response } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { loadContextFor, trustProxies } from "../../scripts/runtime/web-server.js";

// The client address the throttling rules key on (docs/decisions/0850-throttling.md), read by a
// real Express server over a real socket, the way the web server builds every load context.
const servers: import("node:http").Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function addressSeen(setting: boolean | number | string, forwardedFor?: string): Promise<string | null> {
  const app = express();
  trustProxies(app, setting);
  app.get("*", (req: Request, res: Response) => res.end(JSON.stringify(loadContextFor(req))));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/login`, { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });
  return ((await res.json()) as { clientAddress: string | null }).clientAddress;
}

describe("client address", () => {
  it("is the socket's address by default: a forged X-Forwarded-For changes nothing", async () => {
    expect(await addressSeen(false)).toBe("127.0.0.1");
    expect(await addressSeen(false, "203.0.113.9")).toBe("127.0.0.1");
  });

  it("believes X-Forwarded-For only from the proxies TRUST_PROXY names", async () => {
    expect(await addressSeen("loopback", "203.0.113.9")).toBe("203.0.113.9");
    // The socket (127.0.0.1) is not in 10.0.0.0/8: the header is the client's own claim.
    expect(await addressSeen("10.0.0.0/8", "203.0.113.9")).toBe("127.0.0.1");
  });

  it("with a hop count, takes the address the last trusted proxy saw, not the client's first entry", async () => {
    expect(await addressSeen(1, "198.51.100.7, 203.0.113.9")).toBe("203.0.113.9");
  });
});
