// Search Ads 360 through the Search Ads 360 Reporting API v0
// (https://developers.google.com/search-ads/reporting/api/reference/rest): accessible customers,
// their customer_client hierarchy (searchAds360:search, nextPageToken) and reports in the Search
// Ads 360 query language through searchAds360:searchStream, with login-customer-id naming the
// manager a client account is reached through. The query text and the proto3 JSON reading are
// the Google Ads connector's (google-ads/gaql.ts): the two languages share that grammar.
import { z } from "zod";
import { memoForContext } from "../../core/context-cache.js";
import { collectItems, paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { buildQuery, valueAt, type GoogleAdsRow } from "../google-ads/gaql.js";
import { adsFields, CPM_FIELD, slices, wantsHourly } from "../shared/ads-family.js";
import { googleAdsFamilyConnector } from "../shared/google-family.js";
import { num } from "../shared/records.js";

const PLATFORM = "search-ads-360";
/** Like Google Ads: a month by day or a week by hour per streamed query keeps each answer small. */
const MAX_DAYS = { day: 31, hour: 7 };

const accessible = z.object({ resourceNames: z.array(z.string()).optional() });
const searchPage = z.object({ results: z.array(z.record(z.string(), z.any())).optional(), nextPageToken: z.string().optional() });
const streamBatches = z.array(z.object({ results: z.array(z.record(z.string(), z.any())).optional() }));

const CLIENTS = "SELECT customer_client.id, customer_client.descriptive_name, customer_client.currency_code, customer_client.time_zone, customer_client.manager, customer_client.status FROM customer_client";

interface Client extends Account {
  /** The accessible (manager) customer the client is read through. */
  login: string;
}

const hierarchy = (ctx: ConnectorContext) =>
  memoForContext(ctx, "sa360-hierarchy", async () => {
    const ids = ((await ctx.http.json({ url: "/customers:listAccessibleCustomers" }, accessible)).resourceNames ?? []).map((n) => n.replace("customers/", ""));
    const clients = new Map<string, Client>();
    for (const login of ids) {
      const rows = await collectItems(
        paginate<GoogleAdsRow, string>(async (pageToken) => {
          const page = await ctx.http.json(
            { method: "POST", url: `/customers/${login}/searchAds360:search`, headers: { "login-customer-id": login }, json: { query: CLIENTS, pageSize: 1000, pageToken } },
            searchPage,
          );
          return { items: (page.results ?? []) as GoogleAdsRow[], next: page.nextPageToken };
        }, { platform: PLATFORM }),
      );
      for (const row of rows) {
        const c = row.customerClient ?? {};
        const id = String(c.id ?? "");
        if (!id || c.manager || clients.has(id)) continue;
        clients.set(id, { id, login, name: String(c.descriptiveName ?? id), timezone: String(c.timeZone ?? "UTC"), currency: String(c.currencyCode ?? "USD"), status: c.status === "ENABLED" ? "active" : String(c.status ?? "").toLowerCase() || undefined });
      }
    }
    return clients;
  });

const COLUMNS = {
  date: "segments.date",
  hour: "segments.hour",
  account_id: "customer.id",
  account_name: "customer.descriptive_name",
  account_currency: "customer.currency_code",
  campaign_id: "campaign.id",
  campaign_name: "campaign.name",
  campaign_status: "campaign.status",
  impressions: "metrics.impressions",
  clicks: "metrics.clicks",
  cost: "metrics.cost_micros",
  conversions: "metrics.conversions",
  conversion_value: "metrics.conversions_value",
} as const;

async function* stream(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, resource: "customer" | "campaign") {
  const login = (await hierarchy(ctx)).get(account.id)?.login ?? account.id;
  const hourly = wantsHourly(req);
  const columns = Object.entries(COLUMNS)
    .filter(([id]) => (id !== "hour" || hourly) && (resource === "campaign" || !id.startsWith("campaign_")))
    .map(([, gaql]) => gaql);
  for (const slice of slices(range, req, MAX_DAYS)) {
    const batches = await ctx.http.json(
      { method: "POST", url: `/customers/${account.id}/searchAds360:searchStream`, account: account.id, headers: { "login-customer-id": login }, json: { query: buildQuery(resource, columns, slice) } },
      streamBatches,
    );
    for (const batch of batches) if (batch.results?.length) yield batch.results as GoogleAdsRow[];
  }
}

function record(row: GoogleAdsRow): Row {
  const text = (gaql: string) => {
    const v = valueAt(row, gaql);
    return v === undefined || v === null ? null : String(v);
  };
  const hour = valueAt(row, COLUMNS.hour);
  return {
    date: text(COLUMNS.date),
    hour: hour === undefined ? null : Number(hour),
    account_id: text(COLUMNS.account_id),
    account_name: text(COLUMNS.account_name),
    account_currency: text(COLUMNS.account_currency),
    campaign_id: text(COLUMNS.campaign_id),
    campaign_name: text(COLUMNS.campaign_name),
    campaign_status: text(COLUMNS.campaign_status),
    // proto3 JSON omits zeros and writes int64 as strings.
    impressions: num(valueAt(row, COLUMNS.impressions)),
    clicks: num(valueAt(row, COLUMNS.clicks)),
    cost: Math.round(num(valueAt(row, COLUMNS.cost))) / 1_000_000,
    conversions: num(valueAt(row, COLUMNS.conversions)),
    conversion_value: num(valueAt(row, COLUMNS.conversion_value)),
  };
}

const fields = (level: "account" | "campaign") => adsFields(level, { hourly: true, conversionValue: true, extra: [CPM_FIELD] });

export const searchAds360Connector = googleAdsFamilyConnector({
  id: PLATFORM,
  displayName: "Search Ads 360",
  // segments.date/hour are in the client account's time zone, money in its currency.
  timezone: "account",
  currency: "account",
  // Floodlight conversions are attributed to the click day for the lookback window, 30 days by
  // default (https://support.google.com/sa360/answer/9212025).
  restatementDays: 30,
  allowedHosts: ["searchads360.googleapis.com", "oauth2.googleapis.com"],
  defaultBaseUrl: "https://searchads360.googleapis.com/v0",
  supportsHourly: true,
  // The Reporting API meters requests per project and customer (https://developers.google.com/search-ads/reporting/concepts/quotas).
  rateLimit: { maxConcurrent: 4, minTimeMs: 100 },
  scopes: ["https://www.googleapis.com/auth/doubleclicksearch"],

  async check(ctx) {
    const clients = await hierarchy(ctx);
    return { ok: true, identity: `${clients.size} Search Ads 360 account${clients.size === 1 ? "" : "s"}` };
  },
  async listAccounts(ctx) {
    return [...(await hierarchy(ctx)).values()].map(({ login: _login, ...account }) => account);
  },
  reports: [
    { id: "account", name: "Account", description: "Client account totals by day or hour (FROM customer).", fields: fields("account"), fetch: (c, a, r, q) => stream(c, a, r, q, "customer"), record },
    { id: "campaign", name: "Campaigns", description: "Campaign performance by day or hour (FROM campaign).", fields: fields("campaign"), fetch: (c, a, r, q) => stream(c, a, r, q, "campaign"), record },
  ],
});
