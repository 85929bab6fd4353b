// Google Merchant API v1 (https://developers.google.com/merchant/api), the successor of the
// Content API for Shopping. Google OAuth 2.0 with the "content" scope. Accounts come from
// accounts/v1/accounts (with their IANA timeZone); performance from reports/v1 reports:search,
// an MCQL query on product_performance_view by date, paged with pageToken. Google's error
// envelope {error: {code, message, status}}; RESOURCE_EXHAUSTED is a quota.
import { z } from "zod";
import { ratio } from "../../core/aggregate.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { parseGoogleError } from "../shared/google-api.js";
import { setOAuth2Bearer } from "../shared/oauth2-bearer.js";
import { num, platformErrors, recordsConnector } from "../shared/records.js";

const PLATFORM = "google-merchant-center";

// int64 counters come as strings (proto3 JSON): read with num().
const performanceRow = z.object({
  productPerformanceView: z.object({
    date: z.object({ year: z.number(), month: z.number(), day: z.number() }),
    offerId: z.string().nullish(),
    title: z.string().nullish(),
    brand: z.string().nullish(),
    marketingMethod: z.string().nullish(),
    clicks: numberOrString.nullish(),
    impressions: numberOrString.nullish(),
    conversions: numberOrString.nullish(),
    conversionValue: z.object({ amountMicros: numberOrString.nullish(), currencyCode: z.string().nullish() }).nullish(),
  }),
});
export type PerformanceRow = z.infer<typeof performanceRow>;
const searchPage = z.object({ results: z.array(performanceRow).nullish(), nextPageToken: z.string().nullish() });
const accountsPage = z.object({ accounts: z.array(z.object({ accountId: z.string(), accountName: z.string(), timeZone: z.object({ id: z.string().nullish() }).nullish() })).nullish(), nextPageToken: z.string().nullish() });

const pad = (n: number) => String(n).padStart(2, "0");

/** The MCQL of a read (https://developers.google.com/merchant/api/reference/rest/reports_v1/accounts.reports/search). */
export function performanceQuery(range: DateRange): string {
  return `SELECT date, offer_id, title, brand, marketing_method, clicks, impressions, conversions, conversion_value FROM product_performance_view WHERE date BETWEEN '${range.start}' AND '${range.end}'`;
}

function performance(ctx: ConnectorContext, account: Account, range: DateRange) {
  return paginate<PerformanceRow, string>(
    async (pageToken) => {
      const body = await ctx.http.json(
        {
          method: "POST",
          url: `/reports/v1/accounts/${account.id}/reports:search`,
          account: account.id,
          json: { query: performanceQuery(range), pageSize: 1000, pageToken },
        },
        searchPage,
      );
      return { items: body.results ?? [], next: body.nextPageToken ?? undefined };
    },
    { platform: PLATFORM },
  );
}

export const googleMerchantCenterConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "oauth2",
  timezone: "account",
  currency: "account",
  // Conversions are attributed to the click day for up to 30 days; clicks settle within 2 days.
  restatementDays: 30,
  allowedHosts: ["merchantapi.googleapis.com", "oauth2.googleapis.com", "accounts.google.com"],
  defaultBaseUrl: "https://merchantapi.googleapis.com",
  rateLimit: { maxConcurrent: 4 },
  oauth2: {
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    scopes: ["https://www.googleapis.com/auth/content"],
    extraAuthorizeParams: { access_type: "offline", prompt: "consent" },
  },
  authorize(request, credential) {
    setOAuth2Bearer(request, credential, PLATFORM, "Google Merchant Center");
  },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Google Merchant Center",
    message: (_b, r) => {
      const e = parseGoogleError(r.text);
      return e ? `${e.message}${e.status ? ` (${e.status})` : ""}` : undefined;
    },
    reconnect: "Reconnect Google Merchant Center with a Google user that can see the Merchant Center account.",
    isTransient: (_b, r) => parseGoogleError(r.text)?.status === "RESOURCE_EXHAUSTED",
  }),
  async check(ctx) {
    await ctx.http.json({ url: "/accounts/v1/accounts", query: { pageSize: 1 } }, accountsPage);
    return { ok: true };
  },
  async listAccounts(ctx) {
    const out: Account[] = [];
    for await (const page of paginate(
      async (pageToken: string | undefined) => {
        const body = await ctx.http.json({ url: "/accounts/v1/accounts", query: { pageSize: 250, pageToken } }, accountsPage);
        return { items: body.accounts ?? [], next: body.nextPageToken ?? undefined };
      },
      { platform: PLATFORM },
    )) {
      // The Merchant API has no account currency; conversion values carry theirs (USD when absent).
      for (const a of page) out.push({ id: a.accountId, name: a.accountName, timezone: a.timeZone?.id || "America/Los_Angeles", currency: "USD", status: "active" });
    }
    return out;
  },
  reports: [
    {
      id: "product_performance",
      name: "Product performance",
      description: "Free listings and Shopping ads performance per product and day.",
      fields: [
        dim("date", "Date", "YEAR_MONTH_DAY", "Day, in the Merchant Center account's timezone."),
        dim("offer_id", "Offer ID", "TEXT", "The product's offer id."),
        dim("title", "Title", "TEXT", "Product title."),
        dim("brand", "Brand", "TEXT", "Brand."),
        dim("marketing_method", "Marketing method", "TEXT", "ORGANIC (free listings) or ADS."),
        metric("clicks", "Clicks", "NUMBER", "SUM", "Clicks."),
        metric("impressions", "Impressions", "NUMBER", "SUM", "Impressions."),
        metric("ctr", "CTR", "PERCENT", "AVG", "Clicks / impressions."),
        metric("conversions", "Conversions", "NUMBER", "SUM", "Conversions attributed to the product."),
        metric("conversion_value", "Conversion value", "CURRENCY", "SUM", "Value of the conversions."),
      ],
      derived: { ctr: (g) => ratio(g.clicks, g.impressions, 4) },
      fetch: (ctx, account, range) => performance(ctx, account, range),
      record: ({ productPerformanceView: v }: PerformanceRow) => ({
        date: `${v.date.year}-${pad(v.date.month)}-${pad(v.date.day)}`,
        offer_id: v.offerId ?? null,
        title: v.title ?? null,
        brand: v.brand ?? null,
        marketing_method: v.marketingMethod ?? null,
        clicks: num(v.clicks),
        impressions: num(v.impressions),
        conversions: num(v.conversions),
        conversion_value: num(v.conversionValue?.amountMicros) / 1e6,
      }),
    },
  ],
});
