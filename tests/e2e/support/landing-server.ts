// The demo ads' landing pages for the e2e stack (issue 7 URL checker): /landing/* answers 200 with
// a page, everything else 404, like a shop whose discontinued campaign page is gone.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export async function startLandingServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith("/landing/")) return void res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><h1>Shop</h1>");
    res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
