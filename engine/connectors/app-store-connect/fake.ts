// A local App Store Connect API: every request must carry an ES256 JWT of the fixture key (kid,
// iss, aud appstoreconnect-v1, exp at most 20 minutes ahead); GET /v1/apps, GET
// /v1/apps/{id}/customerReviews (sort=-createdDate, limit, links.next with a cursor) and GET
// /v1/salesReports (gzipped Sales Summary TSV per day, 404 NOT_FOUND on days without sales), and
// Apple's {"errors": [{status, code, title, detail}]} bodies.
import { gzipSync } from "node:zlib";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { es256Keys, verifiedEs256 } from "../../../tests/fakes/support/es256-jwt.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { startFakeServer } from "../../../tests/fakes/support/fake-server.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

const keys = es256Keys();
export const ASC_IDS = { issuerId: "57246542-96fe-1a63-e053-0824d011072a", keyId: "2X9R4HXF34", vendorId: "85912345" };
export const ASC_CREDENTIAL = { type: "api-key" as const, key: ASC_IDS.keyId, secret: keys.privateKeyPem, options: { issuerId: ASC_IDS.issuerId, vendorId: ASC_IDS.vendorId } };
export const ASC_APPS = [
  { id: "1474521234", name: "Acme Bakery", bundleId: "com.acme.bakery", sku: "ACME_BAKERY" },
  { id: "1474529999", name: "Acme Recipes", bundleId: "com.acme.recipes", sku: "ACME_RECIPES" },
];
export const ascError = (status: number, code: string, title: string, detail: string): FakeReply => ({ status, json: { errors: [{ id: "e5b1", status: String(status), code, title, detail }] } });
export const ASC_UNAUTHORIZED = ascError(401, "NOT_AUTHORIZED", "Authentication credentials are missing or invalid.", "Provide a properly configured and signed bearer token, and make sure that it has not expired.");
const FIRST_DAY = "2024-01-01";

const COLUMNS = ["Provider", "Provider Country", "SKU", "Developer", "Title", "Version", "Product Type Identifier", "Units", "Developer Proceeds", "Begin Date", "End Date", "Customer Currency", "Country Code", "Currency of Proceeds", "Apple Identifier", "Customer Price", "Promo Code", "Parent Identifier", "Subscription", "Period", "Category", "CMB", "Device", "Supported Platforms", "Proceeds Reason", "Preserved Pricing", "Client", "Order Type"];

export interface FakeSale {
  sku: string;
  type: string;
  units: number;
  proceeds: number;
  country: string;
  currency: string;
  appleId: string;
  parent: string;
  device: string;
}

/** The vendor's lines of a day: per app, downloads in two countries, updates, one in-app purchase line. */
export function ascSales(day: string): FakeSale[] {
  if (day < FIRST_DAY) return [];
  return ASC_APPS.flatMap((app) => {
    const r = (k: string) => seeded(`${app.id}|${day}|${k}`);
    return [
      { sku: app.sku, type: "1F", units: 1 + Math.floor(r("us") * 50), proceeds: 0, country: "US", currency: "USD", appleId: app.id, parent: "", device: "iPhone" },
      { sku: app.sku, type: "1F", units: 1 + Math.floor(r("fr") * 20), proceeds: 0, country: "FR", currency: "EUR", appleId: app.id, parent: "", device: "iPad" },
      { sku: app.sku, type: "7F", units: 1 + Math.floor(r("upd") * 80), proceeds: 0, country: "US", currency: "USD", appleId: app.id, parent: "", device: "iPhone" },
      { sku: `${app.sku}_PRO`, type: "IA1", units: 1 + Math.floor(r("iap") * 5), proceeds: 2.79, country: "US", currency: "USD", appleId: `${app.id}01`, parent: app.sku, device: "iPhone" },
    ];
  });
}

const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

export function ascReviews(appId: string) {
  return Array.from({ length: 5 }, (_, i) => ({
    type: "customerReviews",
    id: `${appId}-rev-${i}`,
    attributes: { rating: 1 + Math.floor(seeded(`${appId}|rev|${i}`) * 5), title: `Title ${i}`, body: `Body ${i}`, reviewerNickname: `nick${i}`, createdDate: `2025-03-0${5 - i}T10:00:00-08:00`, territory: i % 2 ? "FRA" : "USA" },
  }));
}

export async function startAppStoreConnectFake(): Promise<PlatformFake & { pageSize: { reviews: number } }> {
  const server = await startFakeServer();
  const pageSize = { reviews: 200 };
  const authorized = (auth: unknown) => {
    const jws = verifiedEs256(/^Bearer (.+)$/.exec(String(auth ?? ""))?.[1], keys);
    const now = Date.now() / 1000;
    return !!jws && jws.header.kid === ASC_IDS.keyId && jws.header.typ === "JWT" && jws.claims.iss === ASC_IDS.issuerId && jws.claims.aud === "appstoreconnect-v1" && jws.claims.exp > now && jws.claims.exp - now <= 20 * 60;
  };
  const route = guardedRoutes(server, (req) => authorized(req.headers.authorization), () => ASC_UNAUTHORIZED);
  route("GET", "/v1/apps", (req) => {
    const fields = (req.query.get("fields[apps]") ?? "name,bundleId,sku").split(",");
    return { json: { data: ASC_APPS.map((a) => ({ type: "apps", id: a.id, attributes: Object.fromEntries(fields.map((f) => [f, a[f as keyof typeof a]])) })), links: { self: `${server.url}/v1/apps` } } };
  });
  route("GET", "/v1/apps/:id/customerReviews", (req) => {
    if (req.query.get("sort") !== "-createdDate") return ascError(400, "PARAMETER_ERROR.INVALID", "A parameter has an invalid value", "sort");
    const all = ascReviews(req.params.id);
    const offset = Number(req.query.get("cursor") ?? "0");
    const size = Math.min(Number(req.query.get("limit") ?? 50), pageSize.reviews);
    const data = all.slice(offset, offset + size);
    const next = offset + size < all.length ? `${server.url}/v1/apps/${req.params.id}/customerReviews?sort=-createdDate&limit=${size}&cursor=${offset + size}` : undefined;
    return { json: { data, links: { self: `${server.url}${req.path}`, ...(next ? { next } : {}) }, meta: { paging: { total: all.length, limit: size } } } };
  });
  route("GET", "/v1/salesReports", (req) => {
    const q = (k: string) => req.query.get(`filter[${k}]`);
    if (q("vendorNumber") !== ASC_IDS.vendorId) return ascError(403, "FORBIDDEN_ERROR", "This request is forbidden for security reasons", "You are not permitted to view sales of this vendor.");
    if (q("frequency") !== "DAILY" || q("reportType") !== "SALES" || q("reportSubType") !== "SUMMARY" || q("version") !== "1_1" || !q("reportDate")) return ascError(400, "PARAMETER_ERROR.INVALID", "A parameter has an invalid value", "filter");
    const day = q("reportDate")!;
    const sales = ascSales(day);
    if (sales.length === 0) return ascError(404, "NOT_FOUND", "The specified resource does not exist", "There were no sales for the date specified.");
    const lines = sales.map((s) => {
      const cell: Record<string, string> = { Provider: "APPLE", "Provider Country": "US", SKU: s.sku, Developer: "Acme", Title: s.sku, Version: "1.0", "Product Type Identifier": s.type, Units: String(s.units), "Developer Proceeds": s.proceeds.toFixed(2), "Begin Date": usDate(day), "End Date": usDate(day), "Customer Currency": s.currency, "Country Code": s.country, "Currency of Proceeds": s.currency, "Apple Identifier": s.appleId, "Customer Price": s.proceeds ? "3.99" : "0", "Parent Identifier": s.parent, Device: s.device };
      return COLUMNS.map((c) => cell[c] ?? "").join("\t");
    });
    return { status: 200, headers: { "content-type": "application/a-gzip" }, body: gzipSync(`${COLUMNS.join("\t")}\n${lines.join("\n")}\n`) };
  });
  return { server, baseUrl: server.url, credential: ASC_CREDENTIAL, pageSize, close: () => server.close() };
}
