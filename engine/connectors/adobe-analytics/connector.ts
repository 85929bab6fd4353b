// Adobe Analytics 2.0 API (https://developer.adobe.com/analytics-apis/docs/2.0/) with OAuth
// server-to-server credentials: the form's client id and secret are exchanged at Adobe IMS
// (POST https://ims-na1.adobelogin.com/ims/token/v3, grant_type=client_credentials) for a Bearer
// token, re-minted on a 401 by the shared session client. Every call also carries x-api-key (the
// client id) and x-proxy-global-company-id. Companies from GET /discovery/me, report suites from
// GET /api/{company}/collections/suites (page/limit, lastPage), rows from POST /api/{company}/reports:
// one dimension per request, settings.page/limit paging until lastPage.
import { DateTime } from "luxon";
import { z } from "zod";
import { ConnectorError } from "../../core/errors.js";
import type { HttpRequest, PayloadParser } from "../../core/http-types.js";
import { assertDateRange, eachDay } from "../../core/dates.js";
import { dimension as dim, metric, reportConfigField } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import { catalogueMethods, resolveReportRequest } from "../../core/report-request.js";
import type { Account, Connector, ConnectorContext, FieldDef, ReadRequest, Row, RowPage } from "../../core/types.js";
import { clientCredentialsToken, isTokenRefusal, sessionClient } from "../shared/ads-session.js";
import { numberOrString } from "../shared/answers.js";
import { num, platformErrors } from "../shared/records.js";

const PLATFORM = "adobe-analytics";
const IMS = "https://ims-na1.adobelogin.com/ims/token/v3";
const SCOPES = "openid,AdobeID,additional_info.projectedProductContext";

const clientId = (ctx: ConnectorContext) => (ctx.credential.type === "api-key" ? ctx.credential.key : "");

const session = sessionClient({
  platform: PLATFORM,
  login(ctx) {
    if (ctx.credential.type !== "api-key" || !ctx.credential.key || !ctx.credential.secret) throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "Adobe Analytics needs the OAuth server-to-server client id and secret. Reconnect the source." });
    const url = ctx.baseUrl ? `${ctx.baseUrl}/ims/token/v3` : IMS;
    return clientCredentialsToken(ctx, PLATFORM, url, ctx.credential.key, ctx.credential.secret, { scope: SCOPES });
  },
  headers: (token) => ({ authorization: `Bearer ${token}` }),
});

/** Accounts are "{globalCompanyId}/{rsid}": the company goes in the URL and a header. */
const split = (id: string) => {
  const [company, rsid] = id.split("/");
  return { company, rsid };
};
const api = <T>(ctx: ConnectorContext, company: string, req: HttpRequest, parser: PayloadParser<T>) =>
  session.json(ctx, { ...req, headers: { "x-api-key": clientId(ctx), "x-proxy-global-company-id": company, ...req.headers } }, parser);

const discovery = z.object({ imsOrgs: z.array(z.object({ companies: z.array(z.object({ globalCompanyId: z.string(), companyName: z.string().nullish() })).nullish() })).nullish() });
const suitePage = z.object({
  content: z.array(z.object({ rsid: z.string(), name: z.string().nullish(), timezoneZoneinfo: z.string().nullish(), currency: z.string().nullish() })).nullish(),
  lastPage: z.boolean().nullish(),
});
/** A report page: rows of one dimension value and the metrics in columnId order. */
const reportPage = z.object({
  rows: z.array(z.object({ itemId: z.string().nullish(), value: z.string().nullish(), data: z.array(numberOrString.nullable()).nullish() })).nullish(),
  lastPage: z.boolean().nullish(),
});

const METRICS: { def: FieldDef; id: string }[] = [
  { def: metric("visits", "Visits", "NUMBER", "SUM", "Visits (metrics/visits)."), id: "metrics/visits" },
  { def: metric("visitors", "Unique visitors", "NUMBER", "SUM", "Unique visitors per row (metrics/visitors)."), id: "metrics/visitors" },
  { def: metric("page_views", "Page views", "NUMBER", "SUM", "Page views (metrics/pageviews)."), id: "metrics/pageviews" },
  { def: metric("orders", "Orders", "NUMBER", "SUM", "Orders (metrics/orders)."), id: "metrics/orders" },
  { def: metric("revenue", "Revenue", "CURRENCY", "SUM", "Revenue in the report suite's currency (metrics/revenue)."), id: "metrics/revenue" },
];
const DATE = dim("date", "Date", "YEAR_MONTH_DAY", "Day in the report suite's timezone.");
const SUITE = dim("report_suite", "Report suite", "TEXT", "The report suite id (rsid).");
const CHANNEL = dim("channel", "Marketing channel", "TEXT", "Last-touch marketing channel.");
const REPORTS = [
  { id: "daily", name: "Daily", description: "Metrics per day (variables/daterangeday)." },
  { id: "channels", name: "Marketing channels", description: "Metrics per last-touch channel and day (variables/lasttouchchannel)." },
];
const catalogue = {
  platform: PLATFORM,
  defaultReport: "daily",
  fields: { daily: [DATE, SUITE, ...METRICS.map((m) => m.def)], channels: [DATE, SUITE, CHANNEL, ...METRICS.map((m) => m.def)] },
  reports: REPORTS,
  configFields: [reportConfigField(REPORTS, "daily")],
};

export function createAdobeConnector(opts: { pageSize?: number } = {}): Connector {
  const pageSize = opts.pageSize ?? 50_000;
  const base: Connector = {
    id: PLATFORM,
    authMethod: "api-key",
    authorize: () => {},
    timezone: "account",
    currency: "account",
    // Processing latency is 30-90 minutes, but late hits, VISTA rules and reprocessing can revise
    // the last day or two (https://experienceleague.adobe.com/docs/analytics/technotes/latency.html): re-read 2 days.
    restatementDays: 2,
    allowedHosts: ["analytics.adobe.io", "ims-na1.adobelogin.com"],
    defaultBaseUrl: "https://analytics.adobe.io",
    // 12 requests a second per company; reports are heavy, keep a few in flight.
    rateLimit: { maxConcurrent: 3 },
    // {"errorCode": "...", "errorDescription": "..."} on the API, {error, error_description} at IMS.
    classifyError: platformErrors({
      platform: PLATFORM,
      displayName: "Adobe Analytics",
      message: (b) => b?.errorDescription ?? b?.message ?? b?.error_description ?? (typeof b?.error === "string" ? b.error : undefined),
      isAuthError: (b) => isTokenRefusal(b),
      reconnect: "Check the OAuth server-to-server credential of the Adobe Developer Console project, then reconnect the source.",
    }),
    ...catalogueMethods(catalogue),
    async check(ctx) {
      const suites = await base.listAccounts(ctx);
      return { ok: true, identity: `${suites.length} report suite${suites.length === 1 ? "" : "s"}` };
    },
    async listAccounts(ctx): Promise<Account[]> {
      const me = await session.json(ctx, { url: "/discovery/me", headers: { "x-api-key": clientId(ctx) } }, discovery);
      const out: Account[] = [];
      for (const company of (me?.imsOrgs ?? []).flatMap((o) => o.companies ?? [])) {
        for await (const suites of paginate(
          async (page: number = 0) => {
            const body = await api(ctx, company.globalCompanyId, { url: `/api/${company.globalCompanyId}/collections/suites`, query: { limit: 100, page, expansion: "name,timezoneZoneinfo,currency" } }, suitePage);
            return { items: body.content ?? [], next: body.lastPage === false ? page + 1 : null };
          },
          { platform: PLATFORM },
        )) {
          for (const s of suites) out.push({ id: `${company.globalCompanyId}/${s.rsid}`, name: `${s.name ?? s.rsid} (${company.companyName ?? company.globalCompanyId})`, timezone: s.timezoneZoneinfo ?? "UTC", currency: s.currency ?? "USD", status: "active" });
        }
      }
      return out;
    },
    async *read(ctx: ConnectorContext, req: ReadRequest): AsyncGenerator<RowPage> {
      const { report } = resolveReportRequest(catalogue, req);
      const range = assertDateRange(req.range);
      const asked = METRICS.filter((m) => req.fields.includes(m.def.id));
      const metrics = asked.length ? asked : [METRICS[0]];
      for (const account of req.accounts) {
        const { company, rsid } = split(account.id);
        // A 2.0 report has one dimension: channels are read one day at a time so each row keeps its day.
        const windows = report === "daily" ? [{ start: range.start, end: range.end }] : eachDay(range).map((d) => ({ start: d, end: d }));
        for (const w of windows) {
          const to = DateTime.fromISO(w.end).plus({ days: 1 }).toISODate();
          for await (const rows of paginate(
            async (page: number = 0) => {
              const body = await api(ctx, company, {
                method: "POST",
                url: `/api/${company}/reports`,
                account: account.id,
                json: {
                  rsid,
                  globalFilters: [{ type: "dateRange", dateRange: `${w.start}T00:00:00.000/${to}T00:00:00.000` }],
                  metricContainer: { metrics: metrics.map((m, i) => ({ columnId: String(i), id: m.id })) },
                  dimension: report === "daily" ? "variables/daterangeday" : "variables/lasttouchchannel",
                  settings: { limit: pageSize, page, dimensionSort: "asc", countRepeatInstances: true },
                },
              }, reportPage);
              return { items: body.rows ?? [], next: body.lastPage === false ? page + 1 : null };
            },
            { platform: PLATFORM },
          )) {
            yield {
              rows: rows
                // Days without traffic come back as zero rows; channels with none are left out.
                .filter((r) => (r.data ?? []).some((v) => num(v) !== 0))
                .map((r) => {
                  const row: Row = {};
                  for (const id of req.fields) {
                    if (id === "date") row.date = report === "daily" ? (DateTime.fromFormat(r.value ?? "", "MMM d, yyyy").toISODate() ?? null) : w.start;
                    else if (id === "report_suite") row.report_suite = rsid;
                    else if (id === "channel") row.channel = r.value ?? null;
                    else row[id] = num(r.data?.[metrics.findIndex((m) => m.def.id === id)]);
                  }
                  return row;
                }),
            };
          }
        }
      }
    },
  };
  return base;
}

export const adobeAnalyticsConnector = createAdobeConnector();
