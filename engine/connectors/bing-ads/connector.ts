// Microsoft Advertising (Bing Ads API v13, REST/JSON): accounts through the Customer Management
// service, performance through Reporting service jobs (submit, poll, download a zipped CSV), OAuth 2.0
// through the Microsoft identity platform with the DeveloperToken header
// (https://learn.microsoft.com/en-us/advertising/guides/authentication-oauth?view=bingads-13).
import { memoForContext } from "../../core/context-cache.js";
import { assertDateRange, splitDateRange } from "../../core/dates.js";
import { ConnectorError, InvalidRequestError } from "../../core/errors.js";
import { catalogueMethods, resolveReportRequest } from "../../core/report-request.js";
import type { AppCredentials, Connector, ConnectorContext, Credential, FieldDef, ReadRequest, Row, RowPage } from "../../core/types.js";
import { assertColumnsCompatible, incompatibleWith } from "../shared/column-catalogue.js";
import { numOrNull } from "../shared/records.js";
import { getUser, searchAccounts, type BingAccount } from "./accounts.js";
import { classifyBingError } from "./errors.js";
import { anchorColumn, BING_CATALOGUE, BING_REPORTS, BING_RULES, columnOfField } from "./fields.js";
import { runReport, type PollTiming } from "./reports.js";
import { BING_HOSTS } from "./urls.js";
import { listBingAdUrls, listBingConversionTags } from "./checks.js";
import { setOAuth2Bearer } from "../shared/oauth2-bearer.js";

const PLATFORM = "bing-ads";
const PAGE_SIZE = 1000;

/** Hourly data is kept 6 months, daily 36 (report-data-retention-time-periods); slices keep each file small. */
const DAYS_PER_REPORT = { day: 90, hour: 14 } as const;

function developerToken(app: AppCredentials | undefined): string {
  const token = app?.extra?.developerToken;
  if (!token) {
    throw new ConnectorError({ kind: "system", platform: PLATFORM, message: "The Microsoft Advertising developer token is not configured on this server (BING_ADS_DEVELOPER_TOKEN)." });
  }
  return token;
}

/**
 * Report cells are text (FormatVersion 2.0): percentages as "2.50%" or 2.50, "--" where a
 * statistic does not apply, empty where the row has none. Both of the last are null, not 0.
 */
export function cell(field: FieldDef, column: string, record: Record<string, string>): Row[string] {
  const raw = record[column];
  if (raw === undefined || raw === "" || raw === "--") return null;
  if (column === "TimePeriod") {
    const [date, hour] = raw.split("|");
    return field.id === "hour" ? (hour === undefined ? null : Number(hour)) : date;
  }
  if (field.type === "dimension") return raw;
  const n = numOrNull(raw.replace(/[,%]/g, ""));
  if (n === null) return null;
  return field.fieldType === "PERCENT" ? Math.round((n / 100) * 1e8) / 1e8 : n;
}

function accountsOf(ctx: ConnectorContext): Promise<Map<string, BingAccount>> {
  return memoForContext(ctx, "bing-ads:accounts", async () => new Map((await searchAccounts(ctx)).map((a) => [a.id, a])));
}

export interface BingAdsConnectorOptions {
  poll?: PollTiming;
}

export function createBingAdsConnector(options: BingAdsConnectorOptions = {}): Connector {
  async function* read(ctx: ConnectorContext, req: ReadRequest): AsyncGenerator<RowPage> {
    const { report: reportId, declared } = resolveReportRequest(BING_CATALOGUE, req);
    const report = BING_REPORTS.find((r) => r.id === reportId)!;
    assertColumnsCompatible(PLATFORM, declared.map((f) => f.id), req.fields, BING_RULES);
    const byId = new Map(declared.map((f) => [f.id, f]));
    const wanted = req.fields.map((id) => ({ def: byId.get(id)!, column: columnOfField(report, id)! }));
    const hourly = req.granularity === "hour" || req.fields.includes("hour");
    if (hourly && !report.hourly) throw new InvalidRequestError(`The Microsoft Advertising ${report.name} report has no hourly breakdown. Read it by day.`);
    const byTime = report.aggregated && report.columns.includes("TimePeriod") && (hourly || req.fields.includes("date"));
    const aggregation = !report.aggregated ? undefined : hourly ? "Hourly" : byTime ? "Daily" : "Summary";
    const anchor = anchorColumn(report);
    // Every report needs at least one statistic ("does not specify measurement columns").
    const hasStatistic = wanted.some((w) => w.def.type === "metric");
    const measurement = !hasStatistic ? report.columns.find((c) => c === "Impressions") : undefined;
    const columns = [...new Set([...(byTime ? ["TimePeriod"] : []), ...(anchor ? [anchor] : []), ...wanted.map((w) => w.column), ...(measurement ? [measurement] : [])])];
    const range = assertDateRange(req.range);
    const known = await accountsOf(ctx);
    const slices = report.time ? splitDateRange(range, DAYS_PER_REPORT[hourly ? "hour" : "day"]) : [undefined];
    for (const account of req.accounts) {
      for (const slice of slices) {
        const records = await runReport(ctx, { report, accountId: account.id, customerId: known.get(account.id)?.customerId, columns, aggregation, range: slice }, options.poll);
        for (let i = 0; i < records.length; i += PAGE_SIZE) {
          yield { rows: records.slice(i, i + PAGE_SIZE).map((record) => Object.fromEntries(wanted.map((w) => [w.def.id, cell(w.def, w.column, record)]))) };
        }
      }
    }
  }

  return {
    id: PLATFORM,
    authMethod: "oauth2",
    // TimePeriod is the account's day (and hour) for custom date ranges; Spend is in the account currency.
    timezone: "account",
    currency: "account",
    // Conversions land on the day of the click for as long as the goal's conversion window, 30 days
    // by default and up to 90 (ConversionWindowInMinutes,
    // https://learn.microsoft.com/en-us/advertising/campaign-management-service/conversiongoal?view=bingads-13).
    restatementDays: 30,
    allowedHosts: ["clientcenter.api.bingads.microsoft.com", "reporting.api.bingads.microsoft.com", "login.microsoftonline.com", "*.bingads.microsoft.com", "*.blob.core.windows.net"],
    defaultBaseUrl: BING_HOSTS.customer,
    supportsHourly: true,
    // The Reporting service accepts a few concurrent jobs per customer; calls beyond the per-minute
    // rate answer CallRateExceeded (117).
    rateLimit: { maxConcurrent: 2, minTimeMs: 200 },
    oauth2: {
      authorizeUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
      tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
      scopes: ["https://ads.microsoft.com/msads.manage", "offline_access"],
      extraAuthorizeParams: { prompt: "select_account" },
    },

    authorize(request, credential: Credential, app) {
      setOAuth2Bearer(request, credential, PLATFORM, "Microsoft Advertising");
      // Report downloads skip this hook (auth: false): they are pre-signed storage URLs.
      request.headers.developertoken = developerToken(app);
    },
    classifyError: classifyBingError,

    async check(ctx) {
      const user = await getUser(ctx);
      return { ok: true, identity: user.ContactInfo?.Email ?? user.UserName ?? String(user.Id) };
    },
    async listAccounts(ctx) {
      return (await searchAccounts(ctx)).map(({ customerId: _customer, ...account }) => account);
    },
    ...catalogueMethods(BING_CATALOGUE),
    async incompatibleFields(_ctx, { report, selected }) {
      const fields = BING_CATALOGUE.fields[report ?? BING_CATALOGUE.defaultReport] ?? [];
      return incompatibleWith(fields.map((f) => f.id), selected, BING_RULES);
    },
    read,
    // Automatic checks (issue 7): ad final URLs and UET tags; there is no domain verification.
    async listAdUrls(ctx, account) {
      return listBingAdUrls(ctx, account, (await accountsOf(ctx)).get(account.id)?.customerId, options.poll);
    },
    async listConversionTags(ctx, account) {
      return listBingConversionTags(ctx, account, (await accountsOf(ctx)).get(account.id)?.customerId);
    },
  };
}

export const bingAdsConnector = createBingAdsConnector();
