// A local Merchant API: Google OAuth token endpoint at /token, Bearer checks, /accounts/v1/accounts
// and POST /reports/v1/accounts/{id}/reports:search reading the MCQL date BETWEEN clause, pageSize
// and pageToken; counters as int64 strings, money as amountMicros; Google's error envelope.
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";
import { daysBetween } from "../../../tests/fakes/support/seeded.js";

export const GMC_APP = { clientId: "gmc-client.apps.googleusercontent.com", clientSecret: "GOCSPX-gmc-secret-0123" };
export const GMC_CREDENTIAL = { type: "oauth2" as const, accessToken: "ya29.gmc-access-0123456789", refreshToken: "1//gmc-refresh-0123456789", expiresAt: "2099-01-01T00:00:00Z" };
export const GMC_UNAUTHORIZED: FakeReply = { status: 401, json: { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } } };

const OFFERS = Array.from({ length: 40 }, (_, i) => `SKU-${i}`);
export const gmcRow = (date: string, offer: number) => {
  const d = Number(date.slice(8, 10));
  const [y, m] = date.split("-").map(Number);
  return { productPerformanceView: { date: { year: y, month: m, day: d }, offerId: OFFERS[offer], title: `Product ${offer}`, brand: "Signal", marketingMethod: offer % 2 ? "ADS" : "ORGANIC", clicks: String(d + offer), impressions: String(100 * (d + offer)), conversions: offer % 3, conversionValue: { amountMicros: String((offer % 3) * 25_000_000), currencyCode: "USD" } } };
};

export async function startGmcFake(): Promise<PlatformFake> {
  const server = await startFakeServer();
  const oauth = mountOAuth2(server, { path: "/token", ...GMC_APP, refreshToken: GMC_CREDENTIAL.refreshToken, accessToken: GMC_CREDENTIAL.accessToken });
  const route = guardedRoutes(server, (req) => !!oauth.bearer(req), () => GMC_UNAUTHORIZED);
  route("GET", "/accounts/v1/accounts", () => ({ json: { accounts: [{ name: "accounts/123456", accountId: "123456", accountName: "Signal Store", timeZone: { id: "Europe/Paris" }, languageCode: "fr" }] } }));
  route("POST", "/reports/v1/accounts/123456/reports:search", (req) => {
    const { query, pageSize = 1000, pageToken } = req.json<{ query: string; pageSize?: number; pageToken?: string }>();
    const between = /date BETWEEN '([\d-]+)' AND '([\d-]+)'/.exec(query);
    if (!/FROM product_performance_view/.test(query) || !between) return { status: 400, json: { error: { code: 400, message: "Invalid query", status: "INVALID_ARGUMENT" } } };
    const rows = daysBetween(between[1], between[2]).filter((d) => d >= "2025-01-01" && d <= "2025-01-31").flatMap((d) => OFFERS.map((_, i) => gmcRow(d, i)));
    const start = Number(pageToken ?? 0);
    const next = start + pageSize < rows.length ? String(start + pageSize) : undefined;
    return { json: { results: rows.slice(start, start + pageSize), ...(next ? { nextPageToken: next } : {}) } };
  });
  return { server, baseUrl: server.url, credential: GMC_CREDENTIAL, app: GMC_APP, oauth, close: () => server.close() };
}
