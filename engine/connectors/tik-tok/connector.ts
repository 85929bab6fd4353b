// TikTok Ads through the Business (Marketing) API v1.3: Access-Token header, BASIC integrated
// reports with page/page_size paging. https://business-api.tiktok.com/portal/docs
import { DateTime } from "luxon";
import { z } from "zod";
import { splitDateRange } from "../../core/dates.js";
import { ConnectorError, InvalidRequestError } from "../../core/errors.js";
import { paginate } from "../../core/paginate.js";
import { resolveReportRequest, type ReportCatalogue } from "../../core/report-request.js";
import { OAUTH2_CLIENT_ID_PARAM, type Account, type Connector, type ConnectorContext, type ReadRequest, type Row } from "../../core/types.js";
import { staticReportMethods } from "../shared/report-methods.js";
import { assertColumnsCompatible, incompatibleWith } from "../shared/column-catalogue.js";
import { jsonList, PLATFORM, tiktokCall, type EnvelopeRetry } from "./api.js";
import { exchangeTikTokAuthCode, TIKTOK_BASE_URL } from "./auth.js";
import { DEFAULT_REPORT, FIELDS_BY_REPORT, FIELDS_OF, REPORT_HELP, REPORTS, TIKTOK_RULES } from "./fields.js";

const CATALOGUE: ReportCatalogue = { platform: PLATFORM, fields: FIELDS_BY_REPORT, defaultReport: DEFAULT_REPORT };
const PAGE_SIZE = 1000;
/** Report range limits of the BASIC report: 30 days by day, one day by hour. */
const MAX_DAYS = { day: 30, hour: 1 };

export interface TikTokOptions {
  envelopeRetry?: EnvelopeRetry;
}

const advertiserList = z.object({ list: z.array(z.object({ advertiser_id: z.string(), advertiser_name: z.string().optional() })) });
const advertiserInfo = z.object({
  list: z.array(
    z.object({
      advertiser_id: z.string(),
      name: z.string().optional(),
      currency: z.string().optional(),
      timezone: z.string().optional(),
      display_timezone: z.string().optional(),
      status: z.string().optional(),
    }),
  ),
});
const reportPage = z.object({
  list: z.array(z.object({ dimensions: z.record(z.string(), z.unknown()), metrics: z.record(z.string(), z.unknown()) })),
  // Some answers (a single page) come without page_info.
  page_info: z.object({ page: z.number(), total_page: z.number(), total_number: z.number().optional() }).optional(),
});

const isZone = (zone: string | undefined): zone is string => !!zone && DateTime.local().setZone(zone).isValid;

/** TikTok sends numbers as strings, and "-" where a metric does not apply. */
function num(value: unknown): number | null {
  if (value === undefined || value === null || value === "" || value === "-") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function appOf(ctx: ConnectorContext): { app_id: string; secret: string } {
  if (!ctx.app?.clientId || !ctx.app.clientSecret) {
    throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "The TikTok app id and secret are not configured on this server." });
  }
  return { app_id: ctx.app.clientId, secret: ctx.app.clientSecret };
}

export function createTikTokConnector(options: TikTokOptions = {}): Connector {
  const call = <T>(ctx: ConnectorContext, req: Parameters<typeof tiktokCall>[1], schema: z.ZodType<T>) => tiktokCall(ctx, req, schema, options.envelopeRetry);

  async function* readAccount(ctx: ConnectorContext, account: Account, req: ReadRequest, reportId: string) {
    const report = REPORTS.find((r) => r.id === reportId)!;
    const catalogue = FIELDS_OF[report.id];
    assertColumnsCompatible(PLATFORM, catalogue.map((f) => f.id), req.fields, TIKTOK_RULES);
    const hourly = req.granularity === "hour" || req.fields.includes("hour");
    if (hourly && report.reportType === "AUDIENCE") throw new InvalidRequestError("TikTok's audience reports have no hourly breakdown. Read them by day.");
    const timeDimension = hourly ? "stat_time_hour" : req.fields.includes("date") ? "stat_time_day" : undefined;
    const fields = req.fields.map((id) => catalogue.find((f) => f.id === id)!);
    const breakdowns = fields.filter((f) => f.requestDimension && f.api !== report.idDimension).map((f) => f.api!);
    const dimensions = [report.idDimension, ...breakdowns, ...(timeDimension ? [timeDimension] : [])];
    const metrics = [...new Set(fields.filter((f) => f.api && !f.requestDimension && f.api !== report.idDimension).map((f) => f.api!))];
    if (metrics.length === 0) metrics.push("impressions");

    for (const range of splitDateRange(req.range, MAX_DAYS[hourly ? "hour" : "day"])) {
      const pages = paginate<z.infer<typeof reportPage>["list"][number], number>(
        async (page = 1) => {
          const data = await call(
            ctx,
            {
              url: "/report/integrated/get/",
              account: account.id,
              query: {
                advertiser_id: account.id,
                report_type: report.reportType,
                data_level: report.dataLevel,
                dimensions: jsonList(dimensions),
                metrics: jsonList(metrics),
                start_date: range.start,
                end_date: range.end,
                // Without a time dimension the rows are totals over start_date..end_date.
                query_lifetime: "false",
                page,
                page_size: PAGE_SIZE,
              },
            },
            reportPage,
          );
          const info = data.page_info;
          const more = info ? info.page < info.total_page : data.list.length >= PAGE_SIZE;
          return { items: data.list, next: more ? (info?.page ?? page) + 1 : undefined };
        },
        { platform: PLATFORM },
      );
      for await (const items of pages) {
        yield {
          rows: items.map(({ dimensions: d, metrics: m }): Row => {
            const row: Row = {};
            const stamp = typeof d[timeDimension ?? ""] === "string" ? (d[timeDimension!] as string) : undefined;
            for (const field of fields) {
              if (field.id === "date") row.date = stamp ? stamp.slice(0, 10) : null;
              else if (field.id === "hour") row.hour = stamp ? Number(stamp.slice(11, 13)) : null;
              else if (field.id === "account_id") row.account_id = account.id;
              else if (field.id === "account_name") row.account_name = account.name;
              else if (field.type === "dimension") {
                const value = field.requestDimension ? d[field.api!] : m[field.api!];
                row[field.id] = value === undefined || value === null || value === "-" ? null : String(value);
              } else {
                const value = num(m[field.api!]);
                // Rates arrive as percentages ("1.23" is 1.23 %).
                row[field.id] = value === null ? null : field.fieldType === "PERCENT" ? Math.round(value * 1e6) / 1e8 : value;
              }
            }
            return row;
          }),
        };
      }
    }
  }

  return {
    id: PLATFORM,
    authMethod: "oauth2",
    timezone: "account",
    currency: "account",
    // Conversions land on the day of the ad impression or click within the advertiser's
    // attribution window (default 7-day click, 1-day view), so the last 7 days keep moving.
    // https://ads.tiktok.com/help/article/attribution-window-tiktok-ads-manager
    restatementDays: 7,
    allowedHosts: ["business-api.tiktok.com"],
    defaultBaseUrl: TIKTOK_BASE_URL,
    supportsHourly: true,
    // Reporting endpoints allow a handful of calls per second per app; keep one account serial.
    rateLimit: { maxConcurrent: 1, minTimeMs: 100 },
    oauth2: {
      // TikTok names the client "app_id" and the code "auth_code", and exchanges it with JSON
      // (exchangeTikTokAuthCode, auth.ts), so the standard form exchange is replaced by the hook.
      // https://business-api.tiktok.com/portal/docs?id=1738373164380162
      authorizeUrl: "https://business-api.tiktok.com/portal/auth",
      tokenUrl: `${TIKTOK_BASE_URL}/oauth2/access_token/`,
      scopes: [],
      extraAuthorizeParams: { app_id: OAUTH2_CLIENT_ID_PARAM },
      async exchangeCode({ client, code, tokenUrl, fetch }) {
        const { advertiserIds: _ids, ...credential } = await exchangeTikTokAuthCode(client, code, { baseUrl: tokenUrl.replace(/\/oauth2\/access_token\/?$/, ""), fetch });
        return credential;
      },
    },
    authorize(request, credential) {
      // The Marketing API wants the raw token in Access-Token, not an Authorization header.
      request.headers["access-token"] = credential.type === "oauth2" ? credential.accessToken : credential.type === "api-key" ? credential.key : "";
    },

    async check(ctx) {
      const user = await call(ctx, { url: "/user/info/" }, z.object({ display_name: z.string().optional(), email: z.string().optional() }).passthrough());
      return { ok: true, identity: user.email ?? user.display_name };
    },

    async listAccounts(ctx) {
      const { list } = await call(ctx, { url: "/oauth2/advertiser/get/", query: appOf(ctx) }, advertiserList);
      const out: Account[] = [];
      // advertiser/info takes up to 100 ids per call.
      for (let i = 0; i < list.length; i += 100) {
        const ids = list.slice(i, i + 100).map((a) => a.advertiser_id);
        const info = await call(
          ctx,
          { url: "/advertiser/info/", query: { advertiser_ids: jsonList(ids), fields: jsonList(["advertiser_id", "name", "currency", "timezone", "display_timezone", "status"]) } },
          advertiserInfo,
        );
        for (const a of info.list) {
          out.push({
            id: a.advertiser_id,
            name: a.name ?? list.find((x) => x.advertiser_id === a.advertiser_id)?.advertiser_name ?? a.advertiser_id,
            // display_timezone is the IANA zone; timezone is sometimes an offset name like "Etc/GMT-8".
            timezone: isZone(a.display_timezone) ? a.display_timezone : isZone(a.timezone) ? a.timezone : "UTC",
            currency: a.currency ?? "USD",
            status: a.status === "STATUS_ENABLE" ? "active" : a.status?.replace(/^STATUS_/, "").toLowerCase(),
          });
        }
      }
      return out;
    },

    ...staticReportMethods(CATALOGUE, REPORTS, REPORT_HELP),
    async incompatibleFields(_ctx, { report, selected }) {
      const fields = FIELDS_BY_REPORT[report ?? DEFAULT_REPORT] ?? [];
      return incompatibleWith(fields.map((f) => f.id), selected, TIKTOK_RULES);
    },

    async *read(ctx, req) {
      const { report } = resolveReportRequest(CATALOGUE, req);
      for (const account of req.accounts) yield* readAccount(ctx, account, req, report);
    },
  };
}

export const tikTokConnector = createTikTokConnector();
