// Branch through the Query API (https://help.branch.io/apidocs/query/overview): POST
// https://api2.branch.io/v1/query/analytics with the app's Branch key and secret in the JSON body
// (the form's two fields), a data source (eo_install, eo_open, eo_click...), an aggregation,
// dimensions and granularity "day"; answers {results: [{timestamp, result: {dims..., total_count}}],
// paging: {next_url}} and is paged by following next_url. A query spans at most 7 days, so longer
// ranges go week by week. The app itself (GET /v1/app/{branch key}?branch_secret=) is the account.
import { z } from "zod";
import { splitDateRange } from "../../core/dates.js";
import { DateTime } from "luxon";
import { paginate } from "../../core/paginate.js";
import type { Account, ConnectorContext, DateRange, ReadRequest } from "../../core/types.js";
import { ADS_FIELD } from "../shared/ads-fields.js";
import { columnRow, defsOf, dimCol, keyAndSecret, mapped, metricCol, wantedColumns, type ColumnField } from "../shared/app-analytics.js";
import { platformErrors, recordsConnector, stamp, type RecordReport } from "../shared/records.js";

const PLATFORM = "branch";
/** "Max number of days that can be queried at a time: 7 days" (Query API limits). */
const MAX_DAYS = 7;
const PAGE_SIZE = 1000;

const DIMS: ColumnField[] = [
  mapped(ADS_FIELD.date, ""),
  dimCol("channel", "Channel", "TEXT", "Channel of the last attributed touch (~channel).", "last_attributed_touch_data_tilde_channel"),
  dimCol("campaign", "Campaign", "TEXT", "Campaign of the last attributed touch (~campaign).", "last_attributed_touch_data_tilde_campaign"),
  dimCol("feature", "Feature", "TEXT", "Feature of the last attributed touch (~feature).", "last_attributed_touch_data_tilde_feature"),
  dimCol("ad_partner", "Ad partner", "TEXT", "Advertising partner of the last attributed touch.", "last_attributed_touch_data_tilde_advertising_partner_name"),
  dimCol("os", "OS", "TEXT", "Operating system of the user.", "user_data_os"),
];

const resultsPage = z.object({
  results: z.array(z.object({ timestamp: z.string(), result: z.record(z.string(), z.unknown()) }).passthrough()).default([]),
  paging: z.object({ next_url: z.string().nullish() }).passthrough().nullish(),
}).passthrough();
type Result = z.infer<typeof resultsPage>["results"][number];

function query(dataSource: string) {
  return async function* (ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest) {
    const { key, secret } = keyAndSecret(ctx.credential);
    const { dims } = wantedColumns(DIMS, req);
    for (const slice of splitDateRange(range, MAX_DAYS)) {
      const body = {
        branch_key: key,
        branch_secret: secret,
        start_date: slice.start,
        // end_date is exclusive: the day after the slice.
        end_date: DateTime.fromISO(slice.end).plus({ days: 1 }).toISODate(),
        data_source: dataSource,
        aggregation: "total_count",
        dimensions: dims.map((d) => d.column),
        granularity: "day",
        zero_fill: false,
      };
      yield* paginate<Result, string>(
        async (next) => {
          const page = await ctx.http.json({ method: "POST", url: next ?? "/v1/query/analytics", query: next ? undefined : { limit: PAGE_SIZE }, account: account.id, json: body }, resultsPage);
          return { items: page.results, next: page.paging?.next_url };
        },
        { platform: PLATFORM },
      );
    }
  };
}

const FIELDS = (metric: ColumnField): ColumnField[] => [...DIMS, metric];

function reportOf(id: string, name: string, dataSource: string, metric: ColumnField): RecordReport<Result> {
  const fields = FIELDS(metric);
  return {
    id,
    name,
    description: `${name} by day, channel, campaign, feature, ad partner and OS (Branch data source ${dataSource}).`,
    fields: defsOf(fields),
    fetch: query(dataSource),
    record: (item) => columnRow(item.result, fields, { date: stamp(item.timestamp, "UTC").date }),
  };
}

const appBody = z.object({ app_id: z.union([z.string(), z.number()]).nullish(), app_name: z.string().nullish() }).passthrough();

async function app(ctx: ConnectorContext) {
  const { key, secret } = keyAndSecret(ctx.credential);
  return ctx.http.json({ url: `/v1/app/${encodeURIComponent(key)}`, query: { branch_secret: secret } }, appBody);
}

export const branchConnector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  // The key and secret travel in each request's body or query, never in a header.
  authorize() {},
  timezone: { fixed: "UTC" },
  currency: "none",
  // Installs and opens are attributed to touches up to the attribution window after the click
  // (7 days by default, https://help.branch.io/using-branch/docs/attribution-windows), and SAN
  // partners' data lands a day or two late: the last week is re-read.
  restatementDays: 7,
  allowedHosts: ["api2.branch.io"],
  defaultBaseUrl: "https://api2.branch.io",
  // 5 requests a second (Query API limits); the 20 a minute and 150 an hour answer "Limit is
  // exceeded for org", mapped to a transient error so the run is retried later.
  rateLimit: { maxConcurrent: 1, reservoir: { amount: 5, intervalMs: 1000 } },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Branch",
    message: (b: any) => b?.error?.message ?? b?.error ?? b?.message,
    isAuthError: (b: any, r) => r.status === 403 && /key|secret/i.test(String(b?.error?.message ?? "")),
    isTransient: (b: any) => /limit is exceeded/i.test(String(b?.error?.message ?? b?.error ?? b?.message ?? "")),
    reconnect: "Copy the Branch Key and Branch Secret from Branch (Account settings > Profile) and reconnect the source.",
  }),
  async check(ctx) {
    const a = await app(ctx);
    return { ok: true, identity: a.app_name ?? undefined };
  },
  async listAccounts(ctx) {
    const a = await app(ctx);
    return [{ id: String(a.app_id ?? "app"), name: a.app_name ?? "Branch app", timezone: "UTC", currency: "USD", status: "active" }];
  },
  reports: [
    reportOf("installs", "Installs", "eo_install", metricCol("installs", "Installs", "NUMBER", "SUM", "Installs (total count).", "total_count")),
    reportOf("opens", "Opens", "eo_open", metricCol("opens", "Opens", "NUMBER", "SUM", "App opens (total count).", "total_count")),
    reportOf("clicks", "Link clicks", "eo_click", mapped(ADS_FIELD.clicks, "total_count")),
  ],
});
