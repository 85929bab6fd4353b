// A local SP-API region: Login with Amazon token endpoint at /auth/o2/token (refresh), the
// x-amz-access-token check, /sellers/v1/marketplaceParticipations (US and Canada, a suspended
// Mexico) and /orders/v0/orders with MarketplaceIds, CreatedAfter/CreatedBefore, MaxResultsPerPage
// and NextToken (alone with MarketplaceIds); errors as {errors: [{code, message, details}]}.
import { DateTime } from "luxon";
import type { PlatformFake } from "../../../tests/fakes/support/behaviours.js";
import { startFakeServer, type FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { guardedRoutes } from "../../../tests/fakes/support/platform-fake.js";

export const AMAZON_SELLER_APP = { clientId: "amzn1.application-oa2-client.sp", clientSecret: "amzn1.oa2-cs.v1.secret0123456789" };
export const AMAZON_SELLER_CREDENTIAL = { type: "oauth2" as const, accessToken: "Atza|sp-access-0123456789", refreshToken: "Atzr|sp-refresh-0123456789", expiresAt: "2099-01-01T00:00:00Z" };
export const AMAZON_SELLER_UNAUTHORIZED: FakeReply = { status: 401, json: { errors: [{ code: "Unauthorized", message: "The access token you provided is revoked, malformed or invalid.", details: "" }] } };
export const US = "ATVPDKIKX0DER";

/** 8 US orders a day in January 2025 (every 3 hours from 01:00 Los Angeles), 2 Canadian ones. */
export function buildSpOrders() {
  const orders: { MarketplaceId: string; AmazonOrderId: string; PurchaseDate: string; OrderStatus: string; FulfillmentChannel: string; OrderTotal: { CurrencyCode: string; Amount: string }; NumberOfItemsShipped: number; NumberOfItemsUnshipped: number; IsBusinessOrder: boolean }[] = [];
  for (let d = 0; d < 31; d++) {
    for (let k = 0; k < 10; k++) {
      const market = k < 8 ? US : "A2EUQ1WTGCTBG2";
      const n = d * 10 + k;
      orders.push({
        MarketplaceId: market,
        AmazonOrderId: `111-${String(n).padStart(7, "0")}-0000001`,
        PurchaseDate: DateTime.fromISO("2025-01-01T01:00:00", { zone: "America/Los_Angeles" }).plus({ days: d, hours: 3 * (k % 8) }).toUTC().toISO({ suppressMilliseconds: true })!,
        OrderStatus: n % 7 === 0 ? "Canceled" : "Shipped",
        FulfillmentChannel: n % 2 ? "AFN" : "MFN",
        OrderTotal: { CurrencyCode: market === US ? "USD" : "CAD", Amount: (19.99 + (n % 5)).toFixed(2) },
        NumberOfItemsShipped: n % 7 === 0 ? 0 : 1,
        NumberOfItemsUnshipped: 0,
        IsBusinessOrder: n % 10 === 3,
      });
    }
  }
  return orders;
}

export interface AmazonSellerFake extends PlatformFake {
  orders: ReturnType<typeof buildSpOrders>;
}

export async function startAmazonSellerFake(): Promise<AmazonSellerFake> {
  const server = await startFakeServer();
  const orders = buildSpOrders();
  const oauth = mountOAuth2(server, { path: "/auth/o2/token", ...AMAZON_SELLER_APP, refreshToken: AMAZON_SELLER_CREDENTIAL.refreshToken, accessToken: AMAZON_SELLER_CREDENTIAL.accessToken });
  const route = guardedRoutes(server, (req) => oauth.validTokens.has(String(req.headers["x-amz-access-token"] ?? "")), () => AMAZON_SELLER_UNAUTHORIZED);
  const participation = (id: string, name: string, countryCode: string, currency: string, suspended = false) => ({ marketplace: { id, name, countryCode, defaultCurrencyCode: currency, defaultLanguageCode: "en_US", domainName: name.toLowerCase() }, participation: { isParticipating: true, hasSuspendedListings: suspended } });
  route("GET", "/sellers/v1/marketplaceParticipations", () => ({
    json: { payload: [participation(US, "Amazon.com", "US", "USD"), participation("A2EUQ1WTGCTBG2", "Amazon.ca", "CA", "CAD"), participation("A1AM78C64UM0Y8", "Amazon.com.mx", "MX", "MXN", true)] },
  }));
  const tokens = new Map<string, { list: typeof orders; offset: number }>();
  route("GET", "/orders/v0/orders", (req) => {
    const market = req.query.get("MarketplaceIds");
    const token = req.query.get("NextToken");
    let list: typeof orders;
    let offset = 0;
    const size = 100;
    if (token) {
      if (req.query.get("CreatedAfter")) return { status: 400, json: { errors: [{ code: "InvalidInput", message: "NextToken cannot be combined with other filters", details: "" }] } };
      const saved = tokens.get(token);
      if (!saved) return { status: 400, json: { errors: [{ code: "InvalidInput", message: "Invalid NextToken", details: "" }] } };
      ({ list, offset } = saved);
    } else {
      const after = DateTime.fromISO(req.query.get("CreatedAfter")!);
      const before = DateTime.fromISO(req.query.get("CreatedBefore")!);
      list = orders.filter((o) => o.MarketplaceId === market && DateTime.fromISO(o.PurchaseDate) >= after && DateTime.fromISO(o.PurchaseDate) < before);
    }
    const page = list.slice(offset, offset + size);
    let next: string | undefined;
    if (offset + size < list.length) {
      next = `token-${tokens.size}`;
      tokens.set(next, { list, offset: offset + size });
    }
    return { json: { payload: { Orders: page.map(({ MarketplaceId: _m, ...o }) => o), ...(next ? { NextToken: next } : {}) } } };
  });
  return { server, baseUrl: server.url, credential: AMAZON_SELLER_CREDENTIAL, app: AMAZON_SELLER_APP, oauth, orders, close: () => server.close() };
}
