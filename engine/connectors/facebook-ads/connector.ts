// Facebook / Meta Ads through the Graph API Marketing insights endpoints.
// https://developers.facebook.com/docs/marketing-api/insights
import { z } from "zod";
import { dayCount } from "../../core/dates.js";
import { resolveReportRequest, type ReportCatalogue } from "../../core/report-request.js";
import { collectItems, paginate } from "../../core/paginate.js";
import { staticReportMethods } from "../shared/report-methods.js";
import type { Account, Connector, ConnectorContext, ReadRequest, Row, RowPage } from "../../core/types.js";
import { ensureLongLivedToken, GRAPH_BASE_URL, GRAPH_VERSION } from "./auth.js";
import { classifyGraphError, PLATFORM } from "./errors.js";
import { DEFAULT_REPORT, REPORT_HELP, FIELD_BY_ID, FIELDS_BY_REPORT, REPORTS, type InsightsField } from "./fields.js";

const CATALOGUE: ReportCatalogue = { platform: PLATFORM, fields: FIELDS_BY_REPORT, defaultReport: DEFAULT_REPORT };
import { entityKeys, fetchEntityValues, listFacebookAdUrls, listFacebookConversionTags, listFacebookDomainVerifications, mergeEntityValues } from "./checks.js";
import { asyncInsights, HOURLY_BREAKDOWN, isTooMuchData, syncInsights, type PollTuning, type RawInsight } from "./insights.js";

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

const num = (value: unknown): number | null => {
  if (value === undefined || value === null || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

type ActionStat = { action_type?: string; value?: string | number };

/** The first action type present wins: omni_ types already merge web, app and offline. */
function actionValue(list: unknown, types: string[]): number {
  if (!Array.isArray(list)) return 0;
  for (const type of types) {
    const found = (list as ActionStat[]).find((a) => a.action_type === type);
    if (found) return num(found.value) ?? 0;
  }
  return 0;
}

function sumActions(list: unknown): number {
  if (!Array.isArray(list)) return 0;
  return (list as ActionStat[]).reduce((sum, a) => sum + (num(a.value) ?? 0), 0);
}

/** "13:00:00 - 13:59:59" -> 13 */
function hourOf(value: unknown): number | null {
  const match = typeof value === "string" ? /^(\d{2}):/.exec(value) : null;
  return match ? Number(match[1]) : null;
}

export function insightToRow(raw: RawInsight, fields: readonly string[]): Row {
  const row: Row = {};
  for (const id of fields) {
    switch (id) {
      case "date":
        row.date = typeof raw.date_start === "string" ? raw.date_start : null;
        break;
      case "hour":
        row.hour = hourOf(raw[HOURLY_BREAKDOWN]);
        break;
      case "ctr": {
        const pct = num(raw.ctr);
        row.ctr = pct === null ? null : Math.round(pct * 1e6) / 1e8;
        break;
      }
      case "conversions":
        row.conversions = sumActions(raw.conversions);
        break;
      case "purchases":
        row.purchases = actionValue(raw.actions, ["omni_purchase", "purchase"]);
        break;
      case "purchase_value":
        row.purchase_value = actionValue(raw.action_values, ["omni_purchase", "purchase"]);
        break;
      case "leads":
        row.leads = actionValue(raw.actions, ["lead", "offsite_conversion.fb_pixel_lead"]);
        break;
      default: {
        const field = FIELD_BY_ID.get(id)!;
        const value = raw[field.api[0]];
        if (field.type === "dimension") row[id] = value === undefined || value === null ? null : String(value);
        // Graph leaves out additive metrics that are zero for a row.
        else row[id] = num(value) ?? (field.aggregation === "SUM" ? 0 : null);
      }
    }
  }
  return row;
}

export function createFacebookAdsConnector(options: FacebookAdsOptions = {}): Connector {
  const syncMaxDays = options.syncMaxDays ?? 14;
  const syncMaxHourlyDays = options.syncMaxHourlyDays ?? 2;

  async function* readAccount(ctx: ConnectorContext, account: Account, req: ReadRequest, fields: InsightsField[], level: (typeof REPORTS)[number]["level"]): AsyncGenerator<RowPage> {
    const hourly = req.granularity === "hour" || req.fields.includes("hour");
    const apiFields = [...fields.filter((f) => !(hourly && f.notHourly)).flatMap((f) => f.api), ...entityKeys(req.fields)];
    // date_start is always there with time_increment=1; asking for one field keeps the payload small.
    const query = { accountId: account.id, level, apiFields: apiFields.length > 0 ? apiFields : ["impressions"], range: req.range, hourly, daily: req.fields.includes("date") };
    const days = dayCount(req.range);
    const goAsync = days > syncMaxDays || (hourly && days > syncMaxHourlyDays);
    const entities = await fetchEntityValues(ctx, account, req.fields);
    const toPage = (raws: RawInsight[]): RowPage => ({ rows: raws.map((raw) => mergeEntityValues(insightToRow(raw, req.fields), raw, entities)) });
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
    async *read(ctx, req) {
      const { report } = resolveReportRequest(CATALOGUE, req);
      await ensureLongLivedToken(ctx);
      const level = REPORTS.find((r) => r.id === report)!.level;
      const fields = req.fields.map((f) => FIELD_BY_ID.get(f)!);
      for (const account of req.accounts) yield* readAccount(ctx, account, req, fields, level);
    },

    // Automatic checks (issue 7): ad final URLs, pixels and custom conversions, Business Manager domains.
    listAdUrls: (ctx, account) => listFacebookAdUrls(ctx, account),
    listConversionTags: (ctx, account) => listFacebookConversionTags(ctx, account),
    listDomainVerifications: (ctx, account) => listFacebookDomainVerifications(ctx, account),
  };
}

export const facebookAdsConnector = createFacebookAdsConnector();
