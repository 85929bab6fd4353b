// A local website for the availability connector: / and /pricing answer HTML of known sizes,
// /old redirects to /, /missing is a 404, /slow answers after 150 ms.
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer } from "../../../tests/fakes/support/fake-server.js";

export const HOME_HTML = `<!doctype html><title>Acme</title><h1>Acme bakery</h1>${"<p>bread</p>".repeat(40)}`;
export const PRICING_HTML = "<!doctype html><title>Pricing</title><p>Croissant 1.20</p>";

export async function startWebsiteFake(): Promise<PlatformFake> {
  const server = await startFakeServer();
  const html = (body: string, delayMs?: number) => ({ status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body, delayMs });
  server.route("GET", "/", html(HOME_HTML));
  server.route("GET", "/pricing", html(PRICING_HTML));
  server.route("GET", "/slow", html(PRICING_HTML, 150));
  server.route("GET", "/old", { status: 301, headers: { location: "/" }, body: "" });
  server.route("GET", "/missing", { status: 404, headers: { "content-type": "text/html" }, body: "<h1>Not found</h1>" });
  return {
    server,
    baseUrl: server.url,
    credential: { type: "api-key", key: "void", options: { url: "https://www.acme.example/, https://www.acme.example/pricing, https://www.acme.example/missing" } },
    close: () => server.close(),
  };
}
