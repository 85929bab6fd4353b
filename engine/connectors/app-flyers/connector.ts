// AppsFlyer through the Pull API aggregate reports v5
// (https://dev.appsflyer.com/hc/reference/aggregate-data-1): the form's API token (the V2 token
// of the account's API tokens page) as `Authorization: Bearer` on https://hq1.appsflyer.com.
// Apps are the accounts (GET /api/mng/apps, JSON:API pages followed through links.next); a report
// is GET /api/agg-data/export/app/{app id}/{report}/v5?from&to&timezone answering CSV, one row
// per day x agency x media source x campaign (x country for the geo report).
import { DateTime } from "luxon";
import { z } from "zod";
import { ratio } from "../../core/aggregate.js";
import { parseCsvObjects } from "../../core/csv-parse.js";
import { splitDateRange } from "../../core/dates.js";
import { ConnectorError } from "../../core/errors.js";
import type { HttpResponse, PreparedRequest } from "../../core/http-types.js";
import { collectItems, paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext, DateRange } from "../../core/types.js";
import { ADS_FIELD } from "../shared/ads-fields.js";
import { columnRow, defsOf, dimCol, mapped, metricCol, type ColumnField } from "../shared/app-analytics.js";
import { platformErrors, recordsConnector, type RecordReport } from "../shared/records.js";

const PLATFORM = "app-flyers";
/** Each call spends one of the report type's daily calls, so ranges go by quarter, not by month. */
const MAX_DAYS = 90;

const COMMON: ColumnField[] = [
  mapped(ADS_FIELD.date, "Date"),
  dimCol("app_id", "App ID", "TEXT", "AppsFlyer app id (id + store id for iOS).", ""),
  dimCol("agency", "Agency/PMD", "TEXT", "Agency or PMD the install is attributed through (af_prt).", "Agency/PMD (af_prt)"),
  dimCol("media_source", "Media source", "TEXT", "Media source (pid).", "Media Source (pid)"),
  dimCol("campaign", "Campaign", "TEXT", "Campaign name (c).", "Campaign (c)"),
];
const METRICS: ColumnField[] = [
  mapped(ADS_FIELD.impressions, "Impressions"),
  mapped(ADS_FIELD.clicks, "Clicks"),
  metricCol("installs", "Installs", "NUMBER", "SUM", "Attributed installs.", "Installs"),
  metricCol("sessions", "Sessions", "NUMBER", "SUM", "App sessions.", "Sessions"),
  metricCol("loyal_users", "Loyal users", "NUMBER", "SUM", "Users who opened the app at least three times.", "Loyal Users"),
  metricCol("revenue", "Revenue", "CURRENCY", "SUM", "Total revenue in the app's currency.", "Total Revenue"),
  mapped(ADS_FIELD.cost, "Total Cost"),
  metricCol("ecpi", "eCPI", "CURRENCY", "AVG", "Cost divided by installs.", ""),
];
const GEO: ColumnField[] = [...COMMON, dimCol("country", "Country", "COUNTRY_CODE", "Country of the install.", "Country"), ...METRICS];
const PARTNERS: ColumnField[] = [...COMMON, ...METRICS];

const appsPage = z.object({
  data: z.array(z.object({ id: z.string(), attributes: z.object({ name: z.string().nullish(), time_zone: z.string().nullish(), currency: z.string().nullish() }).passthrough().nullish() }).passthrough()),
  links: z.object({ next: z.string().nullish() }).passthrough().nullish(),
}).passthrough();

function aggregate(report: string) {
  return async function* (ctx: ConnectorContext, account: Account, range: DateRange) {
    for (const slice of splitDateRange(range, MAX_DAYS)) {
      const response = await ctx.http.request({
        url: `/api/agg-data/export/app/${encodeURIComponent(account.id)}/${report}/v5`,
        account: account.id,
        query: { from: slice.start, to: slice.end, timezone: account.timezone },
        headers: { accept: "text/csv" },
      });
      const rows = parseCsvObjects(response.text);
      if (rows.length) yield rows;
    }
  };
}

function reportOf(id: string, name: string, description: string, fields: ColumnField[]): RecordReport<Record<string, string>> {
  return {
    id,
    name,
    description,
    fields: defsOf(fields),
    fetch: aggregate(`${id}_report`),
    record: (item, account) => columnRow(item, fields, { app_id: account.id }),
    derived: { ecpi: (g) => ratio(g.cost, g.installs, 2) },
  };
}

const mapped_ = platformErrors({
  platform: PLATFORM,
  displayName: "AppsFlyer",
  message: (b: any) => b?.message ?? b?.error ?? b?.errors?.[0]?.detail,
  reconnect: "Copy the V2 API token from AppsFlyer (Security center > API tokens) and reconnect the source.",
});

/** The Pull API's daily call quota per report type answers "Limit reached" (403 or 429) until midnight UTC. */
function classifyError(response: HttpResponse, request: PreparedRequest): ConnectorError | undefined {
  if ((response.status === 403 || response.status === 429) && /limit (has been )?reached/i.test(response.text)) {
    const wait = DateTime.utc().plus({ days: 1 }).startOf("day").diffNow().toMillis();
    return new ConnectorError({
      kind: "transient",
      platform: PLATFORM,
      status: response.status,
      retryAfterMs: wait,
      message: `AppsFlyer daily report quota reached, retrying at ${new Date(Date.now() + wait).toISOString()}.`,
    });
  }
  return mapped_(response, request);
}

async function apps(ctx: ConnectorContext) {
  return collectItems(
    paginate<z.infer<typeof appsPage>["data"][number], string>(
      async (next) => {
        const page = await ctx.http.json(next ? { url: next } : { url: "/api/mng/apps", query: { limit: 100 } }, appsPage);
        return { items: page.data, next: page.links?.next };
      },
      { platform: PLATFORM },
    ),
  );
}

export const appFlyersConnector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: "account",
  currency: "account",
  // Installs are attributed within the click lookback window (up to 30 days) and their revenue
  // and cost keep arriving, and SKAN postbacks land days later, so the last week is re-read:
  // https://support.appsflyer.com/hc/en-us/articles/207447053 (attribution windows),
  // https://support.appsflyer.com/hc/en-us/articles/360011420698 (SKAN data freshness).
  restatementDays: 7,
  allowedHosts: ["hq1.appsflyer.com"],
  defaultBaseUrl: "https://hq1.appsflyer.com",
  // Aggregate Pull API calls are limited per app and report type per day; never in parallel.
  rateLimit: { maxConcurrent: 1 },
  classifyError,
  async check(ctx) {
    const [first] = await apps(ctx);
    return { ok: true, identity: first?.attributes?.name ?? first?.id };
  },
  async listAccounts(ctx) {
    return (await apps(ctx)).map((a) => ({ id: a.id, name: a.attributes?.name ?? a.id, timezone: a.attributes?.time_zone || "UTC", currency: a.attributes?.currency || "USD", status: "active" }));
  },
  reports: [
    reportOf("partners_by_date", "Partners by date", "Impressions, clicks, installs, sessions, revenue and cost by day, agency, media source and campaign.", PARTNERS),
    reportOf("geo_by_date", "Geo by date", "The partners report split by country.", GEO),
  ],
});
