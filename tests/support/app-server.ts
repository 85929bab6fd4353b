// The web server of `npm start` (scripts/runtime/web-server.ts: express, the Remix handler and its
// globals) serving the app from source on a free port, and a raw HTTP client for it: node:http,
// so a test can send any header (Origin, Host, Sec-Fetch-Site) and any body a hostile client
// would, which fetch() would normalise or refuse.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { installGlobals } from "@remix-run/node";
import { createWebApp } from "../../scripts/runtime/web-server.js";
import { sourceServerBuild } from "./route-list.js";

export type AppServer = { host: string; origin: string; close(): Promise<void> };

export async function startAppServer(): Promise<AppServer> {
  const build = await sourceServerBuild();
  // As the web server's main() does: Remix's own fetch globals, which are what parse request bodies.
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const server = createWebApp(build, { accessLog: false, compress: false }).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const host = `localhost:${(server.address() as AddressInfo).port}`;
  return {
    host,
    origin: `http://${host}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type RawRequest = { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer };
export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * Sends exactly these headers and body (Host defaults to the server's own). A server may answer
 * before it has read a large body and close the connection: the answer counts, the write error not.
 */
export function rawRequest(server: AppServer, req: RawRequest): Promise<RawResponse> {
  const [hostname, port] = server.host.split(":");
  const headers: Record<string, string | number> = { host: server.host, ...req.headers };
  if (req.body !== undefined) headers["content-length"] = Buffer.byteLength(req.body);
  for (const [name, value] of Object.entries(headers)) if (value === "") delete headers[name];
  return new Promise((resolve, reject) => {
    let answered: RawResponse | undefined;
    const outgoing = http.request({ agent: false, hostname: hostname === "localhost" ? "127.0.0.1" : hostname, port: Number(port), method: req.method, path: req.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve((answered = { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") })));
      res.on("error", (error) => (answered ? undefined : reject(error)));
    });
    outgoing.on("error", (error) => (answered ? undefined : reject(error)));
    // A request the server never answers is a finding, not a hung test.
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error("no answer within 30 s")));
    if (req.body !== undefined) outgoing.write(req.body);
    outgoing.end();
  });
}
