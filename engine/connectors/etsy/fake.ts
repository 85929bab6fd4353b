// A local Etsy Open API v3: /v3/public/oauth/token (refresh), Bearer plus x-api-key checks,
// /v3/application/users/me, /shops/{id} and /shops/{id}/receipts with min/max_created (epoch
// seconds), limit/offset and count; money as {amount, divisor, currency_code}; errors {error}.
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const ETSY_APP = { clientId: "etsykeystring0123456789", clientSecret: "etsy-shared-secret-0123" };
export const ETSY_CREDENTIAL = { type: "oauth2" as const, accessToken: "12345678.etsy-access-0123456789", refreshToken: "12345678.etsy-refresh-0123456789", expiresAt: "2099-01-01T00:00:00Z" };
export const ETSY_UNAUTHORIZED: FakeReply = { status: 401, json: { error: "invalid_token", error_description: "access token is expired" } };
const T0 = Date.UTC(2025, 0, 1) / 1000;
const usd = (amount: number) => ({ amount, divisor: 100, currency_code: "USD" });

/** 5 receipts a day in January 2025 (every 288 minutes UTC), each with one 2-unit transaction. */
export function buildReceipts() {
  return Array.from({ length: 155 }, (_, n) => ({
    receipt_id: 3_000_000 + n,
    status: n % 6 === 0 ? "Completed" : "Paid",
    created_timestamp: T0 + n * 288 * 60,
    buyer_user_id: 700 + (n % 9),
    is_paid: true,
    grandtotal: usd(2500 + (n % 3) * 500),
    subtotal: usd(2000 + (n % 3) * 500),
    total_shipping_cost: usd(500),
    total_tax_cost: usd(0),
    discount_amt: usd(0),
    transactions: [{ sku: "MUG", title: "Handmade mug", quantity: 2, price: usd(1000 + (n % 3) * 250) }],
  }));
}

export interface EtsyFake extends PlatformFake {
  receipts: ReturnType<typeof buildReceipts>;
}

export async function startEtsyFake(): Promise<EtsyFake> {
  const server = await startFakeServer();
  const receipts = buildReceipts();
  const oauth = mountOAuth2(server, { path: "/v3/public/oauth/token", ...ETSY_APP, refreshToken: ETSY_CREDENTIAL.refreshToken, accessToken: ETSY_CREDENTIAL.accessToken, rotateRefreshToken: true });
  const route = guardedRoutes(server, (req) => !!oauth.bearer(req) && req.headers["x-api-key"] === ETSY_APP.clientId, (req) => (req.headers["x-api-key"] !== ETSY_APP.clientId ? { status: 403, json: { error: "Invalid API key" } } : ETSY_UNAUTHORIZED));
  route("GET", "/v3/application/users/me", () => ({ json: { user_id: 12345678, shop_id: 424242 } }));
  route("GET", "/v3/application/shops/424242", () => ({ json: { shop_id: 424242, shop_name: "SignalCrafts", currency_code: "USD" } }));
  route("GET", "/v3/application/shops/424242/receipts", (req) => {
    const min = Number(req.query.get("min_created") ?? 0);
    const max = Number(req.query.get("max_created") ?? 9e12);
    const limit = Number(req.query.get("limit") ?? 25);
    if (limit > 100) return { status: 400, json: { error: "Expected int <= 100 for limit" } };
    const offset = Number(req.query.get("offset") ?? 0);
    const matching = receipts.filter((r) => r.created_timestamp >= min && r.created_timestamp <= max);
    return { json: { count: matching.length, results: matching.slice(offset, offset + limit) } };
  });
  return { server, baseUrl: server.url, credential: ETSY_CREDENTIAL, app: ETSY_APP, oauth, receipts, close: () => server.close() };
}
