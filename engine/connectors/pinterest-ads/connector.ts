// Pinterest Ads through the Pinterest REST API v5 (https://developers.pinterest.com/docs/api/v5/):
// ad accounts listed with bookmark paging, account totals from the synchronous
// GET /ad_accounts/{id}/analytics, campaign rows from an asynchronous report
// (POST /ad_accounts/{id}/reports, poll GET .../reports?token=, download the JSON file it points to).
import { z } from "zod";
import { ConnectorError, InvalidRequestError } from "../../core/errors.js";
import { collectItems, paginate } from "../../core/paginate.js";
import { pollUntilDone } from "../../core/poll.js";
import type { Account, ConnectorContext, DateRange, ReadRequest, Row } from "../../core/types.js";
import { adsConnector, fromMicros, slices, wantsHourly } from "../shared/ads-family.js";
import { assertColumnsCompatible, incompatibleWith, snakeId } from "../shared/column-catalogue.js";
import { numOrNull } from "../shared/records.js";
import { PINTEREST_COLUMNS, type PinterestReportType } from "./catalogue.generated.js";
import { PINTEREST_CATALOGUE, PINTEREST_REPORTS, PINTEREST_RULES, targetingTypeOf, TARGETING_FIELD_PREFIX } from "./fields.js";

const PLATFORM = "pinterest-ads";
/** Analytics ranges: 90 days by day, and hourly data only for short ranges (API reference, analytics endpoints). */
const MAX_DAYS = { day: 90, hour: 3 };

/** Error codes Pinterest documents as retryable. */
export const PINTEREST_RETRYABLE_CODES = new Set([1, 12]);

/** Field ids -> report columns (the ratios we derive need their parts). */
const COLUMN_OF_ID = new Map(Object.values(PINTEREST_COLUMNS).map((c) => [c.id, c.column]));
const DERIVED_PARTS: Record<string, string[]> = { ctr: ["IMPRESSION_1", "CLICKTHROUGH_1"], average_cpc: ["SPEND_IN_MICRO_DOLLAR", "CLICKTHROUGH_1"], cpm: ["SPEND_IN_MICRO_DOLLAR", "IMPRESSION_1"] };
/** The entity id column that keys a level's rows. */
const LEVEL_KEY: Record<string, string> = { ADVERTISER: "AD_ACCOUNT_ID", CAMPAIGN: "CAMPAIGN_ID", AD_GROUP: "AD_GROUP_ID", KEYWORD: "AD_GROUP_ID", PIN_PROMOTION: "PIN_PROMOTION_ID", PRODUCT_GROUP: "PRODUCT_GROUP_ID", PRODUCT_ITEM: "PRODUCT_GROUP_ID" };

const adAccounts = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), currency: z.string().optional(), country: z.string().optional() })),
  bookmark: z.string().nullish(),
});
const analyticsRows = z.array(z.record(z.string(), z.unknown()));
/** A finished report's JSON file: rows keyed by entity id. */
const reportFile = z.record(z.string(), analyticsRows);
const userAccount = z.object({ username: z.string().nullish() });
const reportState = z.object({ report_status: z.string(), url: z.string().nullish(), token: z.string().optional(), message: z.string().nullish() });

/** "2025-03-01" by day; hourly rows carry "2025-03-01 13:00:00" (or ISO with a T). */
function dateAndHour(value: unknown): { date: string | null; hour: number | null } {
  const text = String(value ?? "");
  const hour = /^\d{4}-\d{2}-\d{2}[ T](\d{2})/.exec(text)?.[1];
  return { date: text ? text.slice(0, 10) : null, hour: hour === undefined ? null : Number(hour) };
}

/** The columns a read asks Pinterest for: the fields' own, the parts of derived ratios, the level's key. */
function columnsFor(report: PinterestReportType, req: ReadRequest): string[] {
  const wanted = [...req.fields, ...(req.filters ?? []).map((f) => f.field)];
  const columns = wanted.flatMap((id) => DERIVED_PARTS[id] ?? (COLUMN_OF_ID.has(id) ? [COLUMN_OF_ID.get(id)!] : []));
  const key = LEVEL_KEY[report.level.replace(/_TARGETING$/, "")];
  const out = [...new Set([...(key && key !== "AD_ACCOUNT_ID" ? [key] : []), ...columns])];
  // Every report needs a statistic to have rows at all.
  if (!out.some((c) => PINTEREST_COLUMNS[c]?.kind === "metric")) out.push("IMPRESSION_1");
  return out;
}

/** One report row as field values: money from micros, metrics the answer left out null, targeting values on their breakdown. */
export function pinterestRecord(item: Record<string, unknown>, account: Account): Row {
  const row: Row = { ...dateAndHour(item.DATE), account_id: account.id, account_name: account.name, account_currency: account.currency };
  for (const [name, value] of Object.entries(item)) {
    const column = PINTEREST_COLUMNS[name];
    if (!column) continue;
    if (column.kind === "dimension") row[column.id] = value === null || value === undefined ? null : String(value);
    else row[column.id] = /_IN_MICRO_DOLLAR$|_SPEND_CAP$/.test(name) ? fromMicros(value) : numOrNull(value);
  }
  if (typeof item.TARGETING_TYPE === "string") row[`${TARGETING_FIELD_PREFIX}${snakeId(item.TARGETING_TYPE)}`] = item.TARGETING_VALUE === undefined || item.TARGETING_VALUE === null ? null : String(item.TARGETING_VALUE);
  return row;
}

/** Columns per synchronous analytics call: the list travels in the query string, which must stay short. */
const SYNC_COLUMNS_PER_CALL = 60;

async function* accountAnalytics(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, report: PinterestReportType) {
  const columns = columnsFor(report, req);
  for (const slice of slices(range, req, MAX_DAYS)) {
    // Several calls for a long column list, their rows joined on DATE into one row per period.
    const byDate = new Map<string, Record<string, unknown>>();
    for (let i = 0; i < columns.length; i += SYNC_COLUMNS_PER_CALL) {
      const rows = await ctx.http.json(
        {
          url: `/ad_accounts/${account.id}/analytics`,
          account: account.id,
          query: { start_date: slice.start, end_date: slice.end, granularity: wantsHourly(req) ? "HOUR" : "DAY", columns: columns.slice(i, i + SYNC_COLUMNS_PER_CALL).join(",") },
        },
        analyticsRows,
      );
      for (const row of rows) {
        const key = String(row.DATE ?? "");
        byDate.set(key, { ...byDate.get(key), ...row });
      }
    }
    yield [...byDate.values()];
  }
}

/** One async report per slice: created, polled until FINISHED, then its JSON file downloaded. */
async function* asyncReport(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, report: PinterestReportType) {
  const targeting = report.targeting ? targetingOf(report, req) : undefined;
  for (const slice of slices(range, req, MAX_DAYS)) {
    const created = await ctx.http.json(
      {
        method: "POST",
        url: `/ad_accounts/${account.id}/reports`,
        account: account.id,
        json: {
          start_date: slice.start,
          end_date: slice.end,
          granularity: wantsHourly(req) ? "HOUR" : "DAY",
          level: report.level,
          columns: columnsFor(report, req),
          report_format: "JSON",
          ...(targeting ? { targeting_types: [targeting] } : {}),
        },
      },
      reportState,
    );
    if (!created.token) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: `Pinterest did not start the report: ${created.message ?? created.report_status}` });
    const done = await pollUntilDone({
      platform: PLATFORM,
      what: `${report.id} report ${created.token}`,
      signal: ctx.signal,
      check: () => ctx.http.json({ url: `/ad_accounts/${account.id}/reports`, account: account.id, query: { token: created.token } }, reportState),
      state: (s) =>
        s.report_status === "FINISHED" ? "done" : s.report_status === "IN_PROGRESS" ? "pending" : { failed: `${s.report_status}${s.message ? ` (${s.message})` : ""}` },
    });
    if (!done.url) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "Pinterest finished the report without a download URL." });
    // The file is a pre-signed storage URL: sending our Bearer token there is refused.
    const file = await ctx.http.json({ url: done.url, auth: false, account: account.id }, reportFile);
    for (const rows of Object.values(file)) if (rows.length > 0) yield rows;
  }
}

/** The one targeting breakdown a targeting report reads (Pinterest answers each type's rows apart). */
function targetingOf(report: PinterestReportType, req: ReadRequest): string {
  const chosen = req.fields.filter((id) => id.startsWith(TARGETING_FIELD_PREFIX));
  if (chosen.length !== 1) throw new InvalidRequestError(`The Pinterest ${report.name} report needs exactly one targeting breakdown (one of the targeting_ fields).`);
  return targetingTypeOf(chosen[0])!;
}

function fetchOf(report: PinterestReportType) {
  return (ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest) => {
    assertColumnsCompatible(PLATFORM, PINTEREST_CATALOGUE.fields[report.id].map((f) => f.id), req.fields, PINTEREST_RULES);
    return report.level === "ADVERTISER" ? accountAnalytics(ctx, account, range, req, report) : asyncReport(ctx, account, range, req, report);
  };
}

export const pinterestAdsConnector = adsConnector({
  id: PLATFORM,
  displayName: "Pinterest",
  // Analytics dates are UTC days (start_date/end_date "in UTC", API reference); ad accounts have no zone.
  timezone: { fixed: "UTC" },
  currency: "account",
  // Conversions use a 30-day click / 1-day view attribution window by default
  // (https://help.pinterest.com/en/business/article/conversion-attribution): a day keeps changing for 30 days.
  restatementDays: 30,
  allowedHosts: ["api.pinterest.com", "*.amazonaws.com", "*.pinterest.com"],
  defaultBaseUrl: "https://api.pinterest.com/v5",
  supportsHourly: true,
  // Analytics endpoints allow ~300 calls per minute per user (https://developers.pinterest.com/docs/reference/ratelimits/).
  rateLimit: { maxConcurrent: 3, reservoir: { amount: 250, intervalMs: 60_000 } },
  oauth2: {
    authorizeUrl: "https://www.pinterest.com/oauth/",
    tokenUrl: "https://api.pinterest.com/v5/oauth/token",
    scopes: ["ads:read", "user_accounts:read"],
    // Pinterest separates scopes with commas and authenticates the client with HTTP Basic.
    scopeSeparator: ",",
    clientAuth: "basic",
  },
  errorMessage: (body: { message?: string; code?: number }) => (body?.message ? `${body.message}${body.code !== undefined ? ` (code ${body.code})` : ""}` : undefined),
  // Code 2 "Authentication failed" can come with a 400 from older edges.
  isAuthError: (body: { code?: number }) => body?.code === 2,
  // Codes 1 (something went wrong on Pinterest's side) and 12 (the service timed out) are the ones
  // Pinterest documents as "retry the request", whatever HTTP status carries them
  // (https://developers.pinterest.com/docs/reference/errors/).
  isTransient: (body: { code?: number }) => PINTEREST_RETRYABLE_CODES.has(body?.code ?? -1),

  async check(ctx) {
    const me = await ctx.http.json({ url: "/user_account" }, userAccount);
    return { ok: true, identity: me.username ?? undefined };
  },
  async listAccounts(ctx) {
    const items = await collectItems(
      paginate<z.infer<typeof adAccounts>["items"][number], string>(async (bookmark) => {
        const page = await ctx.http.json({ url: "/ad_accounts", query: { page_size: 250, bookmark } }, adAccounts);
        return { items: page.items, next: page.bookmark };
      }, { platform: PLATFORM }),
    );
    return items.map((a) => ({ id: a.id, name: a.name, timezone: "UTC", currency: a.currency ?? "USD", status: "active" }));
  },
  reportHelp: "Which Pinterest Ads level to read.",
  reports: PINTEREST_REPORTS.map((report) => ({
    id: report.id,
    name: report.name,
    description: report.description,
    fields: PINTEREST_CATALOGUE.fields[report.id],
    fetch: fetchOf(report),
    record: (item: Record<string, unknown>, account: Account) => pinterestRecord(item, account),
  })),
  async incompatibleFields(_ctx, { report, selected }) {
    const fields = PINTEREST_CATALOGUE.fields[report ?? PINTEREST_CATALOGUE.defaultReport] ?? [];
    return incompatibleWith(fields.map((f) => f.id), selected, PINTEREST_RULES);
  },
});
