import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkUrl, robotsAllows } from "./url-check.js";

// A real local HTTP server: the checker makes real requests.
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/robots.txt") return res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nDisallow: /private\nAllow: /private/open\n");
    if (path === "/ok") return res.writeHead(200, { "content-type": "text/html" }).end("<h1>ok</h1>");
    if (path === "/moved") return res.writeHead(301, { location: "/ok" }).end();
    if (path === "/loop") return res.writeHead(302, { location: "/loop" }).end();
    if (path === "/slow") return void setTimeout(() => res.writeHead(200).end("late"), 1500);
    if (path === "/private/open") return res.writeHead(200).end("open");
    if (path === "/error") return res.writeHead(500).end("boom");
    res.writeHead(404).end("missing");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("checkUrl against a local server", () => {
  it("answers the status, following redirects", async () => {
    expect(await checkUrl(`${base}/ok`)).toMatchObject({ status: 200, redirects: 0 });
    expect(await checkUrl(`${base}/moved`)).toMatchObject({ status: 200, redirects: 1, finalUrl: `${base}/ok` });
    expect(await checkUrl(`${base}/gone`)).toMatchObject({ status: 404 });
    expect(await checkUrl(`${base}/error`)).toMatchObject({ status: 500 });
  });
  it("gives up on redirect loops, timeouts, refused connections and bad URLs", async () => {
    expect(await checkUrl(`${base}/loop`)).toMatchObject({ status: null, error: "More than 5 redirects" });
    expect(await checkUrl(`${base}/slow`, { timeoutMs: 300 })).toMatchObject({ status: null, error: "No answer within 0.3 s" });
    expect((await checkUrl("http://127.0.0.1:1/x", { timeoutMs: 1000 })).status).toBeNull();
    expect(await checkUrl("ftp://example.com/x")).toMatchObject({ status: null, error: "Not a valid http(s) URL" });
  });
  it("respects robots.txt", async () => {
    expect(await checkUrl(`${base}/private/page`)).toMatchObject({ status: null, blockedByRobots: true });
    expect(await checkUrl(`${base}/private/open`)).toMatchObject({ status: 200 });
  });
});

describe("robotsAllows", () => {
  it("uses the most specific group and the longest rule", () => {
    const txt = "User-agent: *\nDisallow: /\n\nUser-agent: SignalpostUrlChecker\nDisallow: /admin\nAllow: /admin/public\n";
    expect(robotsAllows(txt, "/shop")).toBe(true);
    expect(robotsAllows(txt, "/admin/x")).toBe(false);
    expect(robotsAllows(txt, "/admin/public/x")).toBe(true);
    expect(robotsAllows("User-agent: *\nDisallow: /*.pdf$\n", "/a.pdf")).toBe(false);
    expect(robotsAllows("User-agent: *\nDisallow: /*.pdf$\n", "/a.pdf?x")).toBe(true);
    expect(robotsAllows("User-agent: *\nDisallow:\n", "/anything")).toBe(true);
  });
});
