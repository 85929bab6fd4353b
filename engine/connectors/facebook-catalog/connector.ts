// Meta Commerce catalogs through the Graph API (same version as the Facebook Ads connector):
// https://developers.facebook.com/docs/marketing-api/catalog/. Facebook Login OAuth 2.0 with
// catalog_management + business_management; tokens are long-lived and have no refresh token.
// Accounts are the catalogs owned by the user's businesses (/me/businesses ->
// /{business}/owned_product_catalogs); the products report is a snapshot of the catalog's items
// (/{catalog}/products, cursor paging with paging.cursors.after) counted by availability,
// condition and review status, so it carries no date.
import { z } from "zod";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { paginate, collectItems } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext } from "../../core/types.js";
import { setOAuth2Bearer } from "../shared/oauth2-bearer.js";
import { platformErrors, recordsConnector } from "../shared/records.js";
import { GRAPH_BASE_URL, GRAPH_VERSION } from "../facebook-ads/auth.js";
import { graphMe, graphPage } from "../shared/meta-graph.js";

const PLATFORM = "facebook-catalog";

const product = z.object({
  id: z.string(),
  retailer_id: z.string(),
  availability: z.string().nullish(),
  condition: z.string().nullish(),
  review_status: z.string().nullish(),
  brand: z.string().nullish(),
  visibility: z.string().nullish(),
});
export type Product = z.infer<typeof product>;
const named = z.object({ id: z.string(), name: z.string() });

function edge<T>(ctx: ConnectorContext, path: string, item: z.ZodType<T>, fields: string, account?: string) {
  // The next page is asked with the `after` cursor while paging.next is there.
  const page = graphPage(item);
  return paginate<T, string>(
    async (after) => {
      const body = await ctx.http.json({ url: path, account, query: { fields, limit: 100, after } }, page);
      return { items: body.data ?? [], next: body.paging?.next ? body.paging.cursors?.after : null };
    },
    { platform: PLATFORM },
  );
}

export const facebookCatalogConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  timezone: { fixed: "UTC" },
  currency: "none",
  // A snapshot of the catalog as it is now: nothing to re-read.
  restatementDays: 0,
  allowedHosts: ["graph.facebook.com", "www.facebook.com"],
  defaultBaseUrl: GRAPH_BASE_URL,
  rateLimit: { maxConcurrent: 2 },
  oauth2: {
    authorizeUrl: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
    tokenUrl: `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`,
    scopes: ["catalog_management", "business_management"],
    scopeSeparator: ",",
    clientAuth: "body",
  },
  authorize(request, credential) {
    setOAuth2Bearer(request, credential, PLATFORM, "Meta Commerce");
  },
  // {"error": {"message", "type": "OAuthException", "code": 190, "fbtrace_id"}}
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Meta Commerce",
    message: (b) => (b?.error ? `${b.error.message} (code ${b.error.code})` : undefined),
    reconnect: "Reconnect the Meta catalog source with a user that manages the catalog.",
    isAuthError: (b) => b?.error?.code === 190 || b?.error?.code === 102,
    // 4, 17, 32, 613, 80009 (catalog): application, user and catalog rate limits.
    isTransient: (b) => [4, 17, 32, 613, 80009].includes(b?.error?.code) || b?.error?.is_transient === true,
  }),
  async check(ctx) {
    const user = await ctx.http.json({ url: "/me", query: { fields: "id,name" } }, graphMe);
    return { ok: true, identity: user.name ?? user.id };
  },
  async listAccounts(ctx) {
    const accounts: Account[] = [];
    for (const business of await collectItems(edge(ctx, "/me/businesses", named, "id,name"))) {
      for (const catalog of await collectItems(edge(ctx, `/${business.id}/owned_product_catalogs`, named, "id,name,product_count"))) {
        accounts.push({ id: catalog.id, name: `${catalog.name} (${business.name})`, timezone: "UTC", currency: "USD", status: "active" });
      }
    }
    return accounts;
  },
  reports: [
    {
      id: "products",
      name: "Catalog products",
      description: "The catalog's items now, by availability, condition and review status.",
      fields: [
        dim("availability", "Availability", "TEXT", "in stock, out of stock, preorder, available for order, discontinued."),
        dim("condition", "Condition", "TEXT", "new, refurbished, used."),
        dim("review_status", "Review status", "TEXT", "approved, rejected, pending, outdated."),
        dim("brand", "Brand", "TEXT", "Brand."),
        dim("visibility", "Visibility", "TEXT", "published or staging."),
        metric("products", "Products", "NUMBER", "COUNT_DISTINCT", "Catalog items."),
        metric("in_stock", "In stock", "NUMBER", "SUM", "Items in stock."),
        metric("rejected", "Rejected", "NUMBER", "SUM", "Items rejected by Meta's review."),
      ],
      fetch: (ctx, account) => edge(ctx, `/${account.id}/products`, product, "id,retailer_id,availability,condition,review_status,brand,visibility", account.id),
      record: (p: Product) => ({
        availability: p.availability ?? null,
        condition: p.condition ?? null,
        review_status: p.review_status ?? null,
        brand: p.brand ?? null,
        visibility: p.visibility ?? null,
        products: p.id,
        in_stock: p.availability === "in stock" ? 1 : 0,
        rejected: p.review_status === "rejected" ? 1 : 0,
      }),
    },
  ],
});
