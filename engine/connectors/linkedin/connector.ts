// LinkedIn Ads through the versioned Marketing API (https://api.linkedin.com/rest, LinkedIn-Version
// header, Rest.li 2.0): ad accounts and campaigns through search finders, performance through
// adAnalytics (q=analytics, one pivot, DAILY or ALL granularity), OAuth 2.0 with programmatic
// refresh tokens (https://learn.microsoft.com/en-us/linkedin/shared/authentication/programmatic-refresh-tokens).
import { z } from "zod";
import { memoForContext } from "../../core/context-cache.js";
import { assertDateRange, splitDateRange } from "../../core/dates.js";
import { ConnectorError, InvalidRequestError } from "../../core/errors.js";
import { catalogueMethods, resolveReportRequest } from "../../core/report-request.js";
import { mappedCatalogue } from "../shared/mapped-catalogue.js";
import { numOrNull } from "../shared/records.js";
import type { Account, Connector, ConnectorContext, ReadRequest, Row, RowPage } from "../../core/types.js";
import { searchAdAccounts, searchCampaigns, type Campaign } from "./entities.js";
import { classifyLinkedInError } from "./errors.js";
import { DEFAULT_REPORT, LINKEDIN_CONFIG_FIELDS, LINKEDIN_FIELDS, LINKEDIN_REPORTS, LINKEDIN_RULES, type LinkedInField } from "./fields.js";
import { assertColumnsCompatible, incompatibleWith } from "../shared/column-catalogue.js";
import { restliDateRange, restliList, restliQuery } from "./restli.js";
import { setOAuth2Bearer } from "../shared/oauth2-bearer.js";

const PLATFORM = "linkedin";

/** Monthly versions, each served about a year (https://learn.microsoft.com/en-us/linkedin/marketing/versioning). */
export const LINKEDIN_VERSION = "202607";

/**
 * adAnalytics has no paging and answers at most 15,000 elements
 * (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/ads-reporting#analytics-finder):
 * 31-day slices keep a daily campaign pivot of up to ~480 active campaigns under it.
 */
const DAYS_PER_REQUEST = 31;
/** A request names at most 20 fields; dateRange and pivotValues take two of them. */
const METRICS_PER_REQUEST = 18;

const analyticsSchema = z.object({
  elements: z
    .array(
      z
        .object({
          dateRange: z.object({ start: z.object({ year: z.number(), month: z.number(), day: z.number() }) }).optional(),
          pivotValues: z.array(z.string()).optional(),
        })
        .catchall(z.unknown()),
    )
    .default([]),
});
type Element = z.infer<typeof analyticsSchema>["elements"][number];

const CATALOGUE = mappedCatalogue(PLATFORM, LINKEDIN_FIELDS, LINKEDIN_REPORTS, DEFAULT_REPORT, LINKEDIN_CONFIG_FIELDS);

const pad = (n: number) => String(n).padStart(2, "0");
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
/** The ratios we derive, and the metrics they are made of. */
const DERIVED_PARTS: Record<string, string[]> = { ctr: ["impressions", "clicks"], average_cpc: ["costInLocalCurrency", "clicks"] };

function campaignsOf(ctx: ConnectorContext, accountId: string): Promise<Map<string, Campaign>> {
  return memoForContext(ctx, `linkedin:campaigns:${accountId}`, async () => new Map((await searchCampaigns(ctx, accountId)).map((c) => [c.id, c])));
}

async function* read(ctx: ConnectorContext, req: ReadRequest): AsyncGenerator<RowPage> {
  const { report: reportId } = resolveReportRequest(CATALOGUE, req);
  const report = LINKEDIN_REPORTS.find((r) => r.id === reportId)!;
  const catalogue = LINKEDIN_FIELDS[reportId];
  assertColumnsCompatible(PLATFORM, catalogue.map((f) => f.def.id), req.fields, LINKEDIN_RULES);
  if (req.granularity === "hour") throw new InvalidRequestError("LinkedIn ad analytics have no hourly breakdown (DAILY is the finest). Read by day.");
  const range = assertDateRange(req.range);
  const daily = req.fields.includes("date");
  const requested = req.fields.map((id) => catalogue.find((f) => f.def.id === id)!);
  const breakdowns = requested.filter((f) => f.pivot);
  const pivots = [report.pivot, ...breakdowns.map((b) => b.pivot!)];
  const metricNames = [...new Set(requested.flatMap((f) => (f.metric ? [f.metric] : (DERIVED_PARTS[f.def.id] ?? []))))];
  // A request without metrics has no rows: impressions anchors them.
  if (metricNames.length === 0) metricNames.push("impressions");
  const chunks: string[][] = [];
  for (let i = 0; i < metricNames.length; i += METRICS_PER_REQUEST) chunks.push(metricNames.slice(i, i + METRICS_PER_REQUEST));
  const wantsCampaigns = req.fields.some((id) => id === "campaign_name" || id === "campaign_status" || id === "campaign_type");

  for (const account of req.accounts) {
    const campaigns = report.pivot === "CAMPAIGN" && wantsCampaigns ? await campaignsOf(ctx, account.id) : undefined;
    for (const slice of daily ? splitDateRange(range, DAYS_PER_REQUEST) : [range]) {
      // One request per chunk of metrics, joined on (day, pivot values).
      const joined = new Map<string, Element>();
      for (const chunk of chunks) {
        const query = restliQuery({
          q: pivots.length > 1 ? "statistics" : "analytics",
          ...(pivots.length > 1 ? { pivots: `List(${pivots.join(",")})` } : { pivot: report.pivot }),
          timeGranularity: daily ? "DAILY" : "ALL",
          dateRange: restliDateRange(slice),
          accounts: restliList([`urn:li:sponsoredAccount:${account.id}`]),
          fields: ["dateRange", "pivotValues", ...chunk].join(","),
        });
        const data = await ctx.http.json({ url: `/adAnalytics?${query}`, account: account.id }, analyticsSchema);
        for (const element of data.elements) {
          const start = element.dateRange?.start;
          const key = `${start ? `${start.year}-${start.month}-${start.day}` : ""}|${(element.pivotValues ?? []).join("|")}`;
          joined.set(key, { ...joined.get(key), ...element });
        }
      }
      const rows = [...joined.values()].map((element) => toRow(element, account, campaigns, req.fields, requested, pivots));
      if (rows.length > 0) yield { rows };
    }
  }
}

function toRow(element: Element, account: Account, campaigns: Map<string, Campaign> | undefined, fields: readonly string[], requested: LinkedInField[], pivots: string[]): Row {
  const values: Row = {};
  for (const field of requested) {
    // Money arrives as decimal strings ("12.34"), counts as numbers; a metric LinkedIn left out is unknown, not 0.
    if (field.metric) values[field.def.id] = numOrNull(element[field.metric]);
    if (field.pivot) values[field.def.id] = element.pivotValues?.[pivots.indexOf(field.pivot)] ?? null;
  }
  const start = element.dateRange?.start;
  const own = element.pivotValues?.[0] ?? "";
  const entityId = /urn:li:sponsored(?:Campaign|CampaignGroup|Creative):(\d+)/.exec(own)?.[1] ?? null;
  const campaign = entityId ? campaigns?.get(entityId) : undefined;
  const metric = (name: string) => numOrNull(element[name]);
  const impressions = metric("impressions");
  const clicks = metric("clicks");
  const cost = metric("costInLocalCurrency");
  const all: Row = {
    ...values,
    date: start ? `${start.year}-${pad(start.month)}-${pad(start.day)}` : null,
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: /sponsoredCampaign:/.test(own) ? entityId : null,
    campaign_group_id: /sponsoredCampaignGroup:/.test(own) ? entityId : null,
    creative_id: /sponsoredCreative:/.test(own) ? entityId : null,
    campaign_name: campaign?.name ?? null,
    campaign_status: campaign?.status ?? null,
    campaign_type: campaign?.type ?? null,
    ctr: impressions ? round(Number(clicks ?? 0) / impressions, 6) : impressions === null ? null : 0,
    average_cpc: clicks ? round(Number(cost ?? 0) / clicks, 4) : clicks === null ? null : 0,
  };
  return Object.fromEntries(fields.map((id) => [id, all[id] ?? null]));
}

export const linkedInConnector: Connector = {
  id: PLATFORM,
  authMethod: "oauth2",
  // "All dates and times are in UTC" for adAnalytics date ranges; spend is in the account currency.
  timezone: { fixed: "UTC" },
  currency: "account",
  // Website conversions are credited to the day of the click or view for the conversion's
  // attribution window, 30 days post-click by default (up to 90)
  // (https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads-reporting/conversion-tracking#conversion-rules).
  restatementDays: 30,
  allowedHosts: ["api.linkedin.com", "www.linkedin.com"],
  defaultBaseUrl: "https://api.linkedin.com/rest",
  supportsHourly: false,
  // LinkedIn meters calls per application and member per day; spread them.
  rateLimit: { maxConcurrent: 2, minTimeMs: 200 },
  oauth2: {
    authorizeUrl: "https://www.linkedin.com/oauth/v2/authorization",
    tokenUrl: "https://www.linkedin.com/oauth/v2/accessToken",
    scopes: ["r_ads", "r_ads_reporting"],
  },

  authorize(request, credential) {
    setOAuth2Bearer(request, credential, PLATFORM, "LinkedIn");
    request.headers["linkedin-version"] = LINKEDIN_VERSION;
    request.headers["x-restli-protocol-version"] = "2.0.0";
  },
  classifyError: classifyLinkedInError,

  async check(ctx) {
    const accounts = await searchAdAccounts(ctx);
    if (accounts.length === 0) {
      throw new ConnectorError({ kind: "config", platform: PLATFORM, message: "The connected LinkedIn member has no ad account role. Ask for access to a Campaign Manager account, then reconnect." });
    }
    return { ok: true, identity: `${accounts.length} LinkedIn ad account${accounts.length > 1 ? "s" : ""}` };
  },
  listAccounts: searchAdAccounts,
  ...catalogueMethods(CATALOGUE),
  async incompatibleFields(_ctx, { report, selected }) {
    const fields = LINKEDIN_FIELDS[report ?? DEFAULT_REPORT] ?? [];
    return incompatibleWith(fields.map((f) => f.def.id), selected, LINKEDIN_RULES);
  },
  read,
};
