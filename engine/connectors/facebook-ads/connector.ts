// Facebook / Meta Ads through the Graph API Marketing insights endpoints.
// https://developers.facebook.com/docs/marketing-api/insights
import { z } from "zod";
import { assertCompatible } from "../../core/compatibility.js";
import { dayCount } from "../../core/dates.js";
import { resolveReportRequest, type ReportCatalogue } from "../../core/report-request.js";
import { collectItems, paginate } from "../../core/paginate.js";
import { staticReportMethods } from "../shared/report-methods.js";
import type { Account, Connector, ConnectorContext, ReadRequest, RowPage } from "../../core/types.js";
import { ensureLongLivedToken, GRAPH_BASE_URL, GRAPH_VERSION } from "./auth.js";
import { classifyGraphError, PLATFORM } from "./errors.js";
import { ACCOUNT_ATTRIBUTION, ATTRIBUTION_OPTION, CONFIG_FIELDS, DEFAULT_REPORT, FIELD_BY_ID, FIELDS_BY_REPORT, FIELDS_OF_REPORT, REPORT_HELP, REPORTS, type InsightsField } from "./fields.js";
import { insightRows } from "./insight-rows.js";
import { insightsIncompatibilities } from "./rules.js";
import { entityKeys, fetchEntityValues, listFacebookAdUrls, listFacebookConversionTags, listFacebookDomainVerifications, mergeEntityValues } from "./checks.js";
import { asyncInsights, HOURLY_BREAKDOWN, isTooMuchData, syncInsights, type PollTuning, type RawInsight } from "./insights.js";

const CATALOGUE: ReportCatalogue = { platform: PLATFORM, fields: FIELDS_BY_REPORT, defaultReport: DEFAULT_REPORT, configFields: CONFIG_FIELDS };

export interface FacebookAdsOptions {
  /** Longer ranges go through an async report run. */
  syncMaxDays?: number;
  /** Hourly rows are 24 times as many: go async sooner. */
  syncMaxHourlyDays?: number;
  poll?: PollTuning;
}

// https://developers.facebook.com/docs/marketing-api/reference/ad-account/ (account_status)
const ACCOUNT_STATUS: Record<number, string> = {
  1: "active",
  2: "disabled",
  3: "unsettled",
  7: "pending_risk_review",
  8: "pending_settlement",
  9: "in_grace_period",
  100: "pending_closure",
  101: "closed",
};

const adAccountsPage = z.object({
  data: z.array(
    z.object({
      account_id: z.string(),
      name: z.string().optional(),
      currency: z.string().optional(),
      timezone_name: z.string().optional(),
      account_status: z.number().optional(),
    }),
  ),
  paging: z.object({ next: z.string().optional() }).passthrough().optional(),
});

const me = z.object({ id: z.string(), name: z.string().optional() });

export function createFacebookAdsConnector(options: FacebookAdsOptions = {}): Connector {
  const syncMaxDays = options.syncMaxDays ?? 14;
  const syncMaxHourlyDays = options.syncMaxHourlyDays ?? 2;

  async function* readAccount(ctx: ConnectorContext, account: Account, req: ReadRequest, fields: InsightsField[], level: (typeof REPORTS)[number]["level"]): AsyncGenerator<RowPage> {
    const hourly = req.granularity === "hour" || req.fields.includes("hour");
    const option = req.options?.[ATTRIBUTION_OPTION];
    const chosen = Array.isArray(option) ? option[0] : option;
    const window = chosen && chosen !== ACCOUNT_ATTRIBUTION ? chosen : undefined;
    const insightsFields = fields.filter((f) => f.source === "field" || f.source === "action");
    const apiFields = [...new Set([...insightsFields.map((f) => f.api), ...entityKeys(req.fields)])];
    const actionBreakdowns = fields.filter((f) => f.source === "action_breakdown");
    const query = {
      accountId: account.id,
      level,
      // date_start is always there with time_increment=1; asking for one field keeps the payload small.
      // (an action breakdown splits action lists only, so it gets the actions list).
      apiFields: apiFields.length > 0 ? apiFields : [actionBreakdowns.length > 0 ? "actions" : "impressions"],
      range: req.range,
      hourly,
      daily: req.fields.includes("date"),
      breakdowns: fields.filter((f) => f.source === "breakdown" && f.api !== HOURLY_BREAKDOWN).map((f) => f.api),
      actionBreakdowns: actionBreakdowns.map((f) => f.api),
      attributionWindow: window,
    };
    const days = dayCount(req.range);
    const goAsync = days > syncMaxDays || (hourly && days > syncMaxHourlyDays);
    const entities = await fetchEntityValues(ctx, account, req.fields);
    const toPage = (raws: RawInsight[]): RowPage => ({ rows: raws.flatMap((raw) => insightRows(raw, fields, { window, actionBreakdowns }).map((row) => mergeEntityValues(row, raw, entities))) });
    if (goAsync) {
      for await (const raws of asyncInsights(ctx, query, options.poll)) yield toPage(raws);
      return;
    }
    let yielded = false;
    try {
      for await (const raws of syncInsights(ctx, query)) {
        yielded = true;
        yield toPage(raws);
      }
    } catch (error) {
      // Graph refuses some synchronous requests as too large ("Please reduce the amount of data
      // you're asking for"); the async report run has no such limit.
      if (yielded || !isTooMuchData(error)) throw error;
      ctx.log?.info("facebook insights too large for a synchronous call, using an async report run", { account: account.id });
      for await (const raws of asyncInsights(ctx, query, options.poll)) yield toPage(raws);
    }
  }

  return {
    id: PLATFORM,
    authMethod: "oauth2",
    timezone: "account",
    currency: "account",
    // Meta attributes conversions to the day of the ad interaction and keeps updating them for the
    // attribution window (up to 7-day click / 1-day view, formerly 28-day click) and its data
    // corrections: Meta recommends re-pulling the last 28 days.
    // https://www.facebook.com/business/help/2198119873776795 (attribution settings)
    // https://developers.facebook.com/docs/marketing-api/insights/best-practices/
    restatementDays: 28,
    allowedHosts: ["graph.facebook.com", "www.facebook.com"],
    defaultBaseUrl: GRAPH_BASE_URL,
    supportsHourly: true,
    // Insights calls are expensive and throttled per ad account; two at a time per account.
    rateLimit: { maxConcurrent: 2 },
    oauth2: {
      authorizeUrl: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
      tokenUrl: `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`,
      scopes: ["ads_read", "business_management"],
      scopeSeparator: ",",
      clientAuth: "body",
    },
    classifyError: (response, request) => classifyGraphError(response, request),

    async check(ctx) {
      await ensureLongLivedToken(ctx);
      const user = await ctx.http.json({ url: "/me", query: { fields: "id,name" } }, me);
      return { ok: true, identity: user.name ?? user.id };
    },

    async listAccounts(ctx) {
      await ensureLongLivedToken(ctx);
      const pages = paginate(
        async (next: string | undefined) => {
          const page = await ctx.http.json(
            next ? { url: next } : { url: "/me/adaccounts", query: { fields: "account_id,name,currency,timezone_name,account_status", limit: 200 } },
            adAccountsPage,
          );
          return { items: page.data, next: page.paging?.next };
        },
        { platform: PLATFORM },
      );
      return (await collectItems(pages)).map((a) => ({
        id: a.account_id,
        name: a.name ?? `act_${a.account_id}`,
        timezone: a.timezone_name ?? "UTC",
        currency: a.currency ?? "USD",
        status: a.account_status === undefined ? undefined : (ACCOUNT_STATUS[a.account_status] ?? String(a.account_status)),
      }));
    },

    ...staticReportMethods(CATALOGUE, REPORTS, REPORT_HELP),
    async listConfigFields() {
      return CONFIG_FIELDS;
    },
    async incompatibleFields(_ctx, { report, selected }) {
      const candidates = FIELDS_OF_REPORT[report || DEFAULT_REPORT] ?? [];
      return insightsIncompatibilities(candidates, selected.map((id) => FIELD_BY_ID.get(id)).filter((f): f is InsightsField => f !== undefined));
    },
    async *read(ctx, req) {
      const { report } = resolveReportRequest(CATALOGUE, req);
      const level = REPORTS.find((r) => r.id === report)!.level;
      const fields = req.fields.map((f) => FIELD_BY_ID.get(f)!);
      // Meta's breakdown rules, checked before any request; an hourly read adds the hour breakdown.
      const selected = [...new Set([...fields, ...(req.granularity === "hour" ? [FIELD_BY_ID.get("hour")!] : [])])];
      assertCompatible(PLATFORM, selected.map((f) => f.id), insightsIncompatibilities(selected, selected));
      await ensureLongLivedToken(ctx);
      for (const account of req.accounts) yield* readAccount(ctx, account, req, fields, level);
    },

    // Automatic checks (issue 7): ad final URLs, pixels and custom conversions, Business Manager domains.
    listAdUrls: (ctx, account) => listFacebookAdUrls(ctx, account),
    listConversionTags: (ctx, account) => listFacebookConversionTags(ctx, account),
    listDomainVerifications: (ctx, account) => listFacebookDomainVerifications(ctx, account),
  };
}

export const facebookAdsConnector = createFacebookAdsConnector();
