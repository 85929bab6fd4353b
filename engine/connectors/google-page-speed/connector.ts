// Google PageSpeed Insights API v5: GET https://www.googleapis.com/pagespeedonline/v5/runPagespeed
// ?url=...&strategy=mobile|desktop&category=performance&key=... per URL of the form's list
// (https://developers.google.com/speed/docs/insights/rest/v5/pagespeedapi/runpagespeed). The form
// stores the fixed key "1", meaning "the product's own API key" (GOOGLE_PAGE_SPEED_API_KEY, read
// into the app credentials' extra.apiKey); any other key is the user's own. A run is a snapshot:
// the row's day is the analysis timestamp's (UTC), and nothing is restated later.
import { z } from "zod";
import { credentialOptionList } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim, metric, reportConfigField } from "../../core/field-defs.js";
import { catalogueMethods, resolveReportRequest } from "../../core/report-request.js";
import type { Account, Connector, ConnectorContext, ReadRequest, Row, RowPage } from "../../core/types.js";
import { googleErrors } from "../shared/google-family.js";

const PLATFORM = "google-page-speed";
const STRATEGIES = ["mobile", "desktop"] as const;

const FIELDS = [
  dim("date", "Date", "YEAR_MONTH_DAY", "Day of the analysis (UTC)."),
  dim("url", "URL", "URL", "The analysed page."),
  dim("strategy", "Strategy", "TEXT", "mobile or desktop."),
  metric("performance_score", "Performance score", "NUMBER", "AVG", "Lighthouse performance score, 0-100."),
  metric("first_contentful_paint_ms", "First Contentful Paint", "DURATION", "AVG", "Lab FCP in milliseconds."),
  metric("largest_contentful_paint_ms", "Largest Contentful Paint", "DURATION", "AVG", "Lab LCP in milliseconds."),
  metric("total_blocking_time_ms", "Total Blocking Time", "DURATION", "AVG", "Lab TBT in milliseconds."),
  metric("cumulative_layout_shift", "Cumulative Layout Shift", "NUMBER", "AVG", "Lab CLS (unitless)."),
  metric("speed_index_ms", "Speed Index", "DURATION", "AVG", "Lab Speed Index in milliseconds."),
];
const AUDITS: Record<string, string> = {
  first_contentful_paint_ms: "first-contentful-paint",
  largest_contentful_paint_ms: "largest-contentful-paint",
  total_blocking_time_ms: "total-blocking-time",
  cumulative_layout_shift: "cumulative-layout-shift",
  speed_index_ms: "speed-index",
};
/** Which Lighthouse runs: each run is one 10-30 s request, so a source may ask for one strategy only. */
const REPORTS = [
  { id: "both", name: "Mobile and desktop", description: "Performance score and lab metrics per URL, mobile and desktop runs." },
  { id: "mobile", name: "Mobile", description: "The mobile run only." },
  { id: "desktop", name: "Desktop", description: "The desktop run only." },
];
const catalogue = { platform: PLATFORM, defaultReport: "both", fields: Object.fromEntries(REPORTS.map((r) => [r.id, FIELDS])), reports: REPORTS, configFields: [reportConfigField(REPORTS, "both", "Which Lighthouse runs.")] };

/** What a run answers that the rows read: the analysis time, the performance score and the audits' numeric values. */
const psiBody = z.object({
  analysisUTCTimestamp: z.string().nullish(),
  lighthouseResult: z.object({
    categories: z.object({ performance: z.object({ score: z.number().nullish() }).nullish() }).nullish(),
    audits: z.record(z.string(), z.object({ numericValue: z.number().nullish() })).nullish(),
  }),
});

const classify = googleErrors(PLATFORM, "PageSpeed Insights");

export const googlePageSpeedConnector: Connector = {
  id: PLATFORM,
  authMethod: "api-key",
  authorize(request, credential, app) {
    const own = credential.type === "api-key" && credential.key && credential.key !== "1" ? credential.key : undefined;
    const key = own ?? app?.extra?.apiKey;
    if (key) request.url.searchParams.set("key", key);
  },
  timezone: { fixed: "UTC" },
  currency: "none",
  // A run measures the page as it is now; past days cannot change.
  restatementDays: 0,
  allowedHosts: ["www.googleapis.com"],
  defaultBaseUrl: "https://www.googleapis.com/pagespeedonline/v5",
  // A Lighthouse run takes 10-30 s; the API allows 400 queries a minute per key.
  rateLimit: { maxConcurrent: 2 },
  classifyError(response, request) {
    // A bad key is a 400 INVALID_ARGUMENT "API key not valid" rather than a 401.
    if (response.status === 400 && /API key not valid|API_KEY_INVALID/.test(response.text)) {
      return new ConnectorError({ kind: "config", platform: PLATFORM, status: 400, message: "PageSpeed Insights refused the API key. Enter a valid key (or none to use Signalpost's) and reconnect the source." });
    }
    return classify(response, request);
  },
  ...catalogueMethods(catalogue),
  async check(ctx) {
    return { ok: true, identity: `${(await this.listAccounts(ctx)).length} URL(s)` };
  },
  async listAccounts(ctx: ConnectorContext): Promise<Account[]> {
    return credentialOptionList(ctx.credential, "urls").map((url) => ({ id: url, name: url, timezone: "UTC", currency: "USD", status: "active" }));
  },
  async *read(ctx: ConnectorContext, req: ReadRequest): AsyncGenerator<RowPage> {
    const { report } = resolveReportRequest(catalogue, req);
    for (const account of req.accounts) {
      for (const strategy of STRATEGIES.filter((s) => report === "both" || s === report)) {
        const body = await ctx.http.json({ url: "/runPagespeed", account: account.id, query: { url: account.id, strategy, category: "performance" }, timeoutMs: 90_000 }, psiBody);
        const date = (body.analysisUTCTimestamp ?? new Date().toISOString()).slice(0, 10);
        if (date < req.range.start || date > req.range.end) continue;
        const lh = body.lighthouseResult;
        const row: Row = {};
        for (const id of req.fields) {
          if (id === "date") row.date = date;
          else if (id === "url") row.url = account.id;
          else if (id === "strategy") row.strategy = strategy;
          else if (id === "performance_score") row.performance_score = lh.categories?.performance?.score == null ? null : Math.round(lh.categories.performance.score * 100);
          else row[id] = lh.audits?.[AUDITS[id]]?.numericValue ?? null;
        }
        yield { rows: [row] };
      }
    }
  },
};
