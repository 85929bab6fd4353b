// Amazon Selling Partner API (https://developer-docs.amazon.com/sp-api/). Login with Amazon
// OAuth 2.0 (refresh at api.amazon.com/auth/o2/token); the access token goes in
// x-amz-access-token (no SigV4 since October 2023). Each marketplace lives on its region's host
// (NA, EU, FE); accounts are the marketplaces the seller participates in
// (GET /sellers/v1/marketplaceParticipations) on the region of the marketplace chosen in the
// form when the source keeps it, else on all three. Orders come from the Orders API v0
// (GET /orders/v0/orders, CreatedAfter/CreatedBefore, NextToken paging; with a NextToken only
// MarketplaceIds may be repeated).
import { DateTime } from "luxon";
import { z } from "zod";
import { ConnectorError, isConnectorError } from "../../core/errors.js";
import { dimension as dim } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, Credential, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { ORDER_DERIVED, orderFields } from "../shared/commerce-fields.js";
import { num, platformErrors, rangeBounds, recordsConnector, stamp } from "../shared/records.js";
import { marketplaceById, marketplaceByUrl, REGION_HOSTS, type Region } from "./marketplaces.js";

const PLATFORM = "amazon-seller";

// https://developer-docs.amazon.com/sp-api/docs/orders-api-v0-reference#order
const spOrder = z.object({
  AmazonOrderId: z.string(),
  PurchaseDate: z.string(),
  OrderStatus: z.string(),
  FulfillmentChannel: z.string().nullish(),
  SalesChannel: z.string().nullish(),
  OrderTotal: z.object({ CurrencyCode: z.string(), Amount: numberOrString }).nullish(),
  NumberOfItemsShipped: numberOrString.nullish(),
  NumberOfItemsUnshipped: numberOrString.nullish(),
  IsBusinessOrder: z.boolean().nullish(),
  BuyerInfo: z.object({ BuyerEmail: z.string().nullish() }).nullish(),
});
export type SpOrder = z.infer<typeof spOrder>;
const ordersAnswer = z.object({ payload: z.object({ Orders: z.array(spOrder).nullish(), NextToken: z.string().nullish() }).nullish() });

/** In tests every region is the fake; in production each region has its host. */
const hostOf = (ctx: ConnectorContext, region: Region) => (ctx.baseUrl ? "" : REGION_HOSTS[region]);

function regionsToList(ctx: ConnectorContext): Region[] {
  const url = (ctx.credential as Credential & { options?: Record<string, unknown> }).options?.url;
  const chosen = marketplaceByUrl(typeof url === "string" ? url : undefined);
  if (ctx.baseUrl) return [chosen?.region ?? "na"];
  return chosen ? [chosen.region] : ["na", "eu", "fe"];
}

const participations = z.object({
  payload: z
    .array(
      z.object({
        marketplace: z.object({ id: z.string(), name: z.string(), countryCode: z.string(), defaultCurrencyCode: z.string() }),
        participation: z.object({ isParticipating: z.boolean(), hasSuspendedListings: z.boolean() }),
      }),
    )
    .nullish(),
});
type Participation = NonNullable<z.infer<typeof participations>["payload"]>[number];

function orders(ctx: ConnectorContext, account: Account, range: DateRange) {
  const market = marketplaceById(account.id);
  const { from, to } = rangeBounds(range, account.timezone);
  // CreatedBefore must be at least two minutes in the past.
  const before = DateTime.min(to, DateTime.utc().minus({ minutes: 3 }));
  return paginate<SpOrder, string>(
    async (next) => {
      const query = next ? { MarketplaceIds: account.id, NextToken: next } : { MarketplaceIds: account.id, CreatedAfter: from.toUTC().toISO({ suppressMilliseconds: true }), CreatedBefore: before.toUTC().toISO({ suppressMilliseconds: true }), MaxResultsPerPage: 100 };
      const body = await ctx.http.json({ url: `${hostOf(ctx, market?.region ?? "na")}/orders/v0/orders`, account: account.id, query }, ordersAnswer);
      return { items: body.payload?.Orders ?? [], next: body.payload?.NextToken ?? undefined };
    },
    { platform: PLATFORM },
  );
}

export const amazonSellerConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  timezone: "account",
  currency: "account",
  // Orders go from Pending to Shipped or Canceled within days; OrderTotal appears once payment is
  // authorized; returns run 30 days.
  restatementDays: 30,
  allowedHosts: ["sellingpartnerapi-na.amazon.com", "sellingpartnerapi-eu.amazon.com", "sellingpartnerapi-fe.amazon.com", "api.amazon.com", "*.amazon.com", "sellercentral.amazon.com"],
  defaultBaseUrl: REGION_HOSTS.na,
  supportsHourly: true,
  // getOrders: 0.0167 requests per second with a burst of 20; 429s are retried after a pause.
  rateLimit: { maxConcurrent: 1 },
  // Sellers consent on the Seller Central of their own marketplace, the form's choice
  // (https://developer-docs.amazon.com/sp-api/docs/website-authorization-workflow).
  oauth2AuthorizeUrlFor(options) {
    const chosen = marketplaceByUrl(typeof options?.url === "string" ? options.url : undefined);
    return chosen ? `${chosen.sellerCentral}/apps/authorize/consent` : undefined;
  },
  oauth2: {
    authorizeUrl: "https://sellercentral.amazon.com/apps/authorize/consent",
    tokenUrl: "https://api.amazon.com/auth/o2/token",
    scopes: [],
  },
  authorize(request, credential) {
    if (credential.type !== "oauth2") throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Amazon Seller Central connects with Login with Amazon. Reconnect the source." });
    request.headers["x-amz-access-token"] = credential.accessToken;
  },
  // {"errors": [{"code": "Unauthorized", "message": "Access to requested resource is denied.", "details": ""}]}
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Amazon Seller Central",
    message: (b) => b?.errors?.map((e: { code: string; message: string }) => `${e.message} (${e.code})`).join("; "),
    reconnect: "Reconnect Amazon Seller Central (authorize the app again in Seller Central).",
    // A revoked or malformed token is a 403 Unauthorized with this wording.
    isAuthError: (b) => b?.errors?.some((e: { code: string; message: string }) => e.code === "Unauthorized" && /token/i.test(e.message)),
    isTransient: (b) => b?.errors?.some((e: { code: string }) => e.code === "QuotaExceeded"),
  }),
  async check(ctx) {
    const [first] = await this.listAccounts(ctx);
    return { ok: true, identity: first?.name };
  },
  async listAccounts(ctx) {
    const accounts: Account[] = [];
    const regions = regionsToList(ctx);
    for (const region of regions) {
      let payload: Participation[];
      try {
        payload = (await ctx.http.json({ url: `${hostOf(ctx, region)}/sellers/v1/marketplaceParticipations` }, participations)).payload ?? [];
      } catch (error) {
        // A seller registered in one region only is refused by the others.
        if (regions.length > 1 && isConnectorError(error) && error.kind === "config") continue;
        throw error;
      }
      for (const p of payload) {
        const market = marketplaceById(p.marketplace.id);
        if (!market || !p.participation.isParticipating) continue;
        accounts.push({ id: market.id, name: `${p.marketplace.name} (${market.country})`, timezone: market.timezone, currency: p.marketplace.defaultCurrencyCode, status: p.participation.hasSuspendedListings ? "suspended listings" : "active" });
      }
    }
    return accounts;
  },
  reports: [
    {
      id: "orders",
      name: "Orders",
      description: "Orders placed on the marketplace (Orders API), in the marketplace's currency and day.",
      fields: orderFields(
        [dim("fulfillment_channel", "Fulfillment", "TEXT", "AFN (Fulfilled by Amazon) or MFN (by the seller)."), dim("business_order", "Business order", "BOOLEAN", "Amazon Business order.")],
        { tax: false, refunds: false },
      ).filter((f) => !["subtotal", "shipping", "discount", "customers"].includes(f.id)),
      derived: ORDER_DERIVED,
      fetch: (ctx, account, range) => orders(ctx, account, range),
      record: (o: SpOrder, account) => ({
        ...stamp(o.PurchaseDate, account.timezone),
        order_id: o.AmazonOrderId,
        status: o.OrderStatus,
        fulfillment_channel: o.FulfillmentChannel ?? null,
        business_order: o.IsBusinessOrder ?? false,
        orders: o.AmazonOrderId,
        revenue: num(o.OrderTotal?.Amount),
        items_ordered: num(o.NumberOfItemsShipped) + num(o.NumberOfItemsUnshipped),
      }),
    },
  ],
});
