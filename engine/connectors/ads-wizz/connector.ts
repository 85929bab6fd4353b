// AdsWizz through its Domain API (https://docs.adswizz.com/domain-api/v8/, see README.md for what
// is and is not publicly confirmed): the form's API key as the x-api-key header on
// https://api.adswizz.com/domain/v8. The key's agencies (GET /agencies) are the accounts; a report
// is POST /reports/query with the agency and the environment (AUDIOMAX for programmatic buys,
// AUDIOSERVE for the ad server) as headers and {splitters, metrics, interval} as body, answered
// {data: [{key, total: {metric: value}}]}. The interval is one UTC day per query so rows are daily.
import { DateTime } from "luxon";
import { z } from "zod";
import { eachDay } from "../../core/dates.js";
import type { Account, ConnectorContext, DateRange, ReadRequest } from "../../core/types.js";
import { ADS_DERIVED, adsFields, CPM_FIELD } from "../shared/ads-family.js";
import { metricCol, type ColumnField } from "../shared/app-analytics.js";
import { num, platformErrors, recordsConnector, type RecordReport } from "../shared/records.js";

const PLATFORM = "ads-wizz";
/** Rows a splitter returns at most; AdsWizz sorts by the first metric, so the top campaigns come first. */
const SPLIT_LIMIT = 1000;

const EXTRA: ColumnField[] = [
  metricCol("objective_delivered", "Objective delivered", "NUMBER", "SUM", "Delivered units of the campaign objective (objectiveCountableSum).", "objectiveCountableSum"),
  metricCol("clearing_price_sum", "Gross clearing price sum", "CURRENCY", "SUM", "Sum of gross clearing prices in USD (supplyGrossClearingPriceSum).", "supplyGrossClearingPriceSum"),
];
/** Our field -> AdsWizz metric id (camelCase ids of GET /reports/metrics). */
const METRICS: Record<string, string> = { impressions: "demandAudioImp", cost: "supplyRevenueInUSD", ...Object.fromEntries(EXTRA.map((f) => [f.def.id, f.column])) };
/** The campaign splitter: AudioMax line items are "contract lines", named "Name(id)". */
const CAMPAIGN_SPLITTER = "contractLineName";

const result = z.object({ data: z.array(z.object({ key: z.union([z.string(), z.number()]).nullish(), total: z.record(z.string(), z.unknown()).default({}) }).passthrough()).default([]) }).passthrough();
type Item = { day: string; key: string | null; total: Record<string, unknown> };

function query(environment: string, byCampaign: boolean) {
  return async function* (ctx: ConnectorContext, account: Account, range: DateRange, _req: ReadRequest): AsyncGenerator<Item[]> {
    for (const day of eachDay(range)) {
      const from = DateTime.fromISO(day, { zone: "UTC" });
      const body = await ctx.http.json(
        {
          method: "POST",
          url: "/reports/query",
          account: account.id,
          headers: { agency: account.id, environment },
          json: {
            ...(byCampaign ? { splitters: [{ id: CAMPAIGN_SPLITTER, limit: SPLIT_LIMIT }] } : {}),
            metrics: Object.values(METRICS),
            interval: { from: from.toISO({ suppressMilliseconds: true }), to: from.endOf("day").set({ millisecond: 0 }).toISO({ suppressMilliseconds: true }) },
          },
        },
        result,
      );
      const items = body.data.map((d) => ({ day, key: d.key === undefined || d.key === null ? null : String(d.key), total: d.total }));
      if (items.some((i) => Object.values(METRICS).some((m) => num(i.total[m]) !== 0))) yield items;
    }
  };
}

/** "Spring sale(239)" -> id 239, name "Spring sale". */
function splitName(key: string | null): { id: string | null; name: string | null } {
  if (!key) return { id: null, name: null };
  const m = /^(.*)\((\d+)\)$/.exec(key);
  return m ? { id: m[2], name: m[1] } : { id: key, name: key };
}

function reportOf(id: string, name: string, environment: string, level: "account" | "campaign"): RecordReport<Item> {
  // Audio ads have no clicks; campaign status is not part of a report row.
  const fields = adsFields(level, { conversions: false, extra: [CPM_FIELD, ...EXTRA.map((f) => f.def)] }).filter((f) => !["clicks", "ctr", "average_cpc", "campaign_status"].includes(f.id));
  return {
    id,
    name,
    description: `Impressions and spend by day${level === "campaign" ? " and campaign" : ""} (${environment}).`,
    fields,
    fetch: query(environment, level === "campaign"),
    record(item, account) {
      const c = splitName(item.key);
      return {
        date: item.day,
        account_id: account.id,
        account_name: account.name,
        account_currency: account.currency,
        ...(level === "campaign" ? { campaign_id: c.id, campaign_name: c.name } : {}),
        ...Object.fromEntries(Object.entries(METRICS).map(([field, metric]) => [field, num(item.total[metric])])),
      };
    },
    derived: { cpm: ADS_DERIVED.cpm },
  };
}

const agencies = z.array(z.object({ id: z.union([z.string(), z.number()]), name: z.string().nullish() }).passthrough());

export const adsWizzConnector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  authorize(request, credential) {
    if (credential.type === "api-key") request.headers["x-api-key"] = credential.key;
  },
  timezone: { fixed: "UTC" },
  currency: { fixed: "USD" },
  // Audio impressions are counted from server-side downloads and filtered for invalid and
  // duplicate requests (IAB Podcast Measurement) before reports settle, about two days later:
  // https://www.adswizz.com/iab-podcast-measurement-certification/; the last 3 days are re-read.
  restatementDays: 3,
  allowedHosts: ["api.adswizz.com"],
  defaultBaseUrl: "https://api.adswizz.com/domain/v8",
  rateLimit: { maxConcurrent: 2 },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "AdsWizz",
    message: (b: any) => b?.message ?? b?.error ?? b?.errors?.[0]?.message,
    reconnect: "Ask AdsWizz for a Domain API key and reconnect the source with it.",
  }),
  async check(ctx) {
    const [first] = await ctx.http.json({ url: "/agencies" }, agencies);
    return { ok: true, identity: first?.name ?? undefined };
  },
  async listAccounts(ctx) {
    return (await ctx.http.json({ url: "/agencies" }, agencies)).map((a) => ({ id: String(a.id), name: a.name ?? String(a.id), timezone: "UTC", currency: "USD", status: "active" }));
  },
  reports: [
    reportOf("account", "Account (AudioMax)", "AUDIOMAX", "account"),
    reportOf("campaign", "Campaigns (AudioMax)", "AUDIOMAX", "campaign"),
  ],
});
