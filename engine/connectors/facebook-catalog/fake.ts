// A local Graph API for catalogs: Bearer checks, /me, /me/businesses, /{business}/owned_product_catalogs
// and /{catalog}/products with fields, limit and after cursors (paging.cursors + paging.next),
// errors as {error: {message, type, code, fbtrace_id}}.
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const FB_CATALOG_APP = { clientId: "fb-app-id-0001", clientSecret: "fb-app-secret-0123456789" };
export const FB_CATALOG_CREDENTIAL = { type: "oauth2" as const, accessToken: "EAAGcatalog-long-lived-0123456789" };
export const FB_CATALOG_UNAUTHORIZED: FakeReply = { status: 401, json: { error: { message: "Invalid OAuth access token - Cannot parse access token", type: "OAuthException", code: 190, fbtrace_id: "AbC123" } } };

/** 150 products in catalog 777 (outlet 778 has 3, drafts 779 none). */
export function buildProducts(count: number) {
  return Array.from({ length: count }, (_, n) => ({
    id: `${9_000_000 + n}`,
    retailer_id: `SKU-${n}`,
    availability: n % 5 === 0 ? "out of stock" : "in stock",
    condition: "new",
    review_status: n % 10 === 9 ? "rejected" : "approved",
    brand: n % 2 ? "Signal" : "Post",
    visibility: "published",
  }));
}

export interface FacebookCatalogFake extends PlatformFake {
  products: ReturnType<typeof buildProducts>;
}

function page<T>(req: RecordedRequest, items: T[], url: string) {
  const limit = Number(req.query.get("limit") ?? 25);
  const start = req.query.get("after") ? Number(Buffer.from(req.query.get("after")!, "base64").toString()) : 0;
  const data = items.slice(start, start + limit);
  const more = start + limit < items.length;
  const after = Buffer.from(String(start + limit)).toString("base64");
  return { json: { data, paging: { cursors: { before: "MA==", after }, ...(more ? { next: `${url}?after=${after}&limit=${limit}` } : {}) } } };
}

export async function startFacebookCatalogFake(): Promise<FacebookCatalogFake> {
  const server = await startFakeServer();
  const products = buildProducts(150);
  const small = buildProducts(3);
  const route = guardedRoutes(server, (req) => req.headers.authorization === `Bearer ${FB_CATALOG_CREDENTIAL.accessToken}`, () => FB_CATALOG_UNAUTHORIZED);
  route("GET", "/v26.0/me", () => ({ json: { id: "10001", name: "Ops Signal" } }));
  route("GET", "/v26.0/me/businesses", (req) => page(req, [{ id: "5001", name: "Signal Business" }], `${server.url}/v26.0/me/businesses`));
  route("GET", "/v26.0/5001/owned_product_catalogs", (req) => page(req, [{ id: "777", name: "Main catalog", product_count: 150 }, { id: "778", name: "Outlet", product_count: 3 }, { id: "779", name: "Drafts", product_count: 0 }], `${server.url}/v26.0/5001/owned_product_catalogs`));
  route("GET", "/v26.0/777/products", (req) => page(req, products, `${server.url}/v26.0/777/products`));
  route("GET", "/v26.0/778/products", (req) => page(req, small, `${server.url}/v26.0/778/products`));
  route("GET", "/v26.0/779/products", (req) => page(req, [], `${server.url}/v26.0/779/products`));
  return { server, baseUrl: `${server.url}/v26.0`, credential: FB_CATALOG_CREDENTIAL, app: FB_CATALOG_APP, products, close: () => server.close() };
}
