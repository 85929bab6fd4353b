// Microsoft Merchant Center through the Content API v9.1
// (https://learn.microsoft.com/advertising/shopping-content/). Microsoft identity platform OAuth
// 2.0 (refresh tokens rotate), the access token in the AuthenticationToken header and the
// product's Microsoft Advertising developer token (app extra developerToken) in DeveloperToken.
// Accounts are the stores the user can manage (GET /bmc/stores); the products report is a
// snapshot of a store's offers (GET /bmc/{merchantId}/products, max-results / start-token paging
// with nextPageToken) counted by availability and condition, so it carries no date.
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { Account, AppCredentials, Connector, ConnectorContext } from "../../core/types.js";
import { paginate } from "../../core/paginate.js";
import { numberOrString } from "../shared/answers.js";
import { platformErrors, recordsConnector } from "../shared/records.js";

const PLATFORM = "microsoft-merchant-center";

const mmcProduct = z.object({
  id: z.string(),
  offerId: z.string(),
  availability: z.string().nullish(),
  condition: z.string().nullish(),
  brand: z.string().nullish(),
  price: z.object({ value: numberOrString, currency: z.string() }).nullish(),
});
export type MmcProduct = z.infer<typeof mmcProduct>;
const productPage = z.object({ resources: z.array(mmcProduct).nullish(), nextPageToken: z.string().nullish() });
const stores = z.object({ stores: z.array(z.object({ merchantId: numberOrString, storeName: z.string(), storeStatus: z.object({ status: z.string().nullish() }).nullish() })).nullish() });

function developerToken(app: AppCredentials | undefined): string {
  const token = app?.extra?.developerToken;
  if (!token) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "The Microsoft Advertising developer token (MICROSOFT_MERCHANT_CENTER_DEVELOPER_TOKEN) is not configured on this server." });
  return token;
}

function products(ctx: ConnectorContext, account: Account) {
  return paginate<MmcProduct, string>(
    async (token) => {
      const body = await ctx.http.json({ url: `/bmc/${account.id}/products`, account: account.id, query: { "max-results": 250, "start-token": token } }, productPage);
      return { items: body.resources ?? [], next: body.nextPageToken ?? undefined };
    },
    { platform: PLATFORM },
  );
}

export const microsoftMerchantCenterConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  timezone: { fixed: "UTC" },
  currency: "none",
  // A snapshot of the store's offers as they are now: nothing to re-read.
  restatementDays: 0,
  allowedHosts: ["content.api.bingads.microsoft.com", "login.microsoftonline.com"],
  defaultBaseUrl: "https://content.api.bingads.microsoft.com/shopping/v9.1",
  rateLimit: { maxConcurrent: 2 },
  oauth2: {
    authorizeUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    scopes: ["https://ads.microsoft.com/msads.manage", "offline_access"],
    extraAuthorizeParams: { prompt: "select_account" },
  },
  authorize(request, credential, app) {
    if (credential.type !== "oauth2") throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Microsoft Merchant Center connects with OAuth 2.0. Reconnect the source." });
    request.headers.authenticationtoken = credential.accessToken;
    request.headers.developertoken = developerToken(app);
  },
  // {"error": {"code": 401, "message": "...", "errors": [{"domain", "reason", "message"}]}}
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Microsoft Merchant Center",
    message: (b) => b?.error?.message ?? b?.error?.errors?.[0]?.message,
    reconnect: "Reconnect Microsoft Merchant Center with a user that manages the store.",
  }),
  async check(ctx) {
    await ctx.http.json({ url: "/bmc/stores" }, stores);
    return { ok: true };
  },
  async listAccounts(ctx) {
    const body = await ctx.http.json({ url: "/bmc/stores" }, stores);
    return (body.stores ?? []).map((s) => ({ id: String(s.merchantId), name: s.storeName, timezone: "UTC", currency: "USD", status: s.storeStatus?.status && s.storeStatus.status !== "Active" ? s.storeStatus.status.toLowerCase() : "active" }));
  },
  reports: [
    {
      id: "products",
      name: "Store products",
      description: "The store's offers now, by availability, condition and brand.",
      fields: [
        dim("availability", "Availability", "TEXT", "in stock, out of stock, preorder."),
        dim("condition", "Condition", "TEXT", "new, refurbished, used."),
        dim("brand", "Brand", "TEXT", "Brand."),
        dim("price_currency", "Currency", "TEXT", "Currency of the offer's price."),
        metric("products", "Products", "NUMBER", "COUNT_DISTINCT", "Offers in the store."),
        metric("in_stock", "In stock", "NUMBER", "SUM", "Offers in stock."),
      ],
      fetch: (ctx, account) => products(ctx, account),
      record: (p: MmcProduct) => ({ availability: p.availability ?? null, condition: p.condition ?? null, brand: p.brand ?? null, price_currency: p.price?.currency ?? null, products: p.id, in_stock: p.availability === "in stock" ? 1 : 0 }),
    },
  ],
});
