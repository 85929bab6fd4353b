// ChartMogul API v1 (https://dev.chartmogul.com/reference): the API key is the HTTP Basic user
// with an empty password. The account (GET /v1/account) gives the reporting currency and timezone
// ChartMogul computes its metrics in. Reports: the daily key metrics (/v1/metrics/all), the MRR
// movements (/v1/metrics/mrr), both unpaged, and the per-customer activities (/v1/activities)
// paged by cursor with has_more. Money is in cents.
import { z } from "zod";
import { dimension as dim, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import type { Account, Connector, ConnectorContext, DateRange, FieldDef } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { num, platformErrors, recordsConnector, stamp } from "../shared/records.js";

const PLATFORM = "chartmogul";
const cents = (v: unknown) => Math.round(num(v)) / 100;

const DATE: FieldDef = dim("date", "Date", "YEAR_MONTH_DAY", "Day of the metric, in the ChartMogul account's timezone.");

export const METRIC_FIELDS: FieldDef[] = [
  DATE,
  metric("mrr", "MRR", "CURRENCY", "MAX", "Monthly recurring revenue at the end of the day."),
  metric("arr", "ARR", "CURRENCY", "MAX", "Annualized run rate."),
  metric("arpa", "ARPA", "CURRENCY", "AVG", "Average revenue per account."),
  metric("asp", "ASP", "CURRENCY", "AVG", "Average sale price."),
  metric("customers", "Customers", "NUMBER", "MAX", "Active customers."),
  metric("customer_churn_rate", "Customer churn rate", "PERCENT", "AVG", "Customer churn rate (%)."),
  metric("mrr_churn_rate", "Net MRR churn rate", "PERCENT", "AVG", "Net MRR churn rate (%)."),
  metric("ltv", "LTV", "CURRENCY", "AVG", "Customer lifetime value."),
];
export const MRR_FIELDS: FieldDef[] = [
  DATE,
  metric("mrr", "MRR", "CURRENCY", "MAX", "MRR at the end of the day."),
  ...(["new_business", "expansion", "contraction", "churn", "reactivation"] as const).map((m) => metric(`mrr_${m}`, `MRR ${m.replace("_", " ")}`, "CURRENCY", "SUM", `MRR movement: ${m.replace("_", " ")}.`)),
];
export const ACTIVITY_FIELDS: FieldDef[] = [
  DATE,
  dim("type", "Activity type", "TEXT", "new_biz, expansion, contraction, churn, reactivation."),
  dim("plan", "Plan", "TEXT", "Subscription plan after the activity."),
  dim("activity_currency", "Currency", "TEXT", "Currency of the subscription."),
  metric("activities", "Activities", "NUMBER", "COUNT_DISTINCT", "Number of MRR movements."),
  metric("customers", "Customers", "NUMBER", "COUNT_DISTINCT", "Distinct customers with a movement."),
  metric("mrr_movement", "MRR movement", "CURRENCY", "SUM", "Change in MRR, in the reporting currency."),
];

/** A day of metrics: the figures are read by name with num(), whatever else the entry holds. */
const entry = z.looseObject({ date: z.string() });
type Entry = z.infer<typeof entry>;
const metricsAnswer = z.object({ entries: z.array(entry).nullish() });
const activity = z.object({
  uuid: z.string(),
  date: z.string(),
  type: z.string(),
  "customer-uuid": z.string(),
  "activity-mrr-movement": numberOrString,
  "activity-arr": numberOrString.nullish(),
  "plan-external-id": z.string().nullish(),
  description: z.string().nullish(),
  currency: z.string().nullish(),
});
export type Activity = z.infer<typeof activity>;
const activityPage = z.object({ entries: z.array(activity).nullish(), has_more: z.boolean().nullish(), cursor: z.string().nullish() });
const accountAnswer = z.object({ name: z.string(), currency: z.string().nullish(), time_zone: z.string().nullish() });

function metrics(path: string) {
  return async function* (ctx: ConnectorContext, account: Account, range: DateRange): AsyncIterable<Entry[]> {
    const body = await ctx.http.json({ url: `/v1/metrics/${path}`, account: account.id, query: { "start-date": range.start, "end-date": range.end, interval: "day" } }, metricsAnswer);
    yield body.entries ?? [];
  };
}

function activities(ctx: ConnectorContext, account: Account, range: DateRange) {
  return paginate<Activity, string>(
    async (cursor) => {
      // start-date/end-date are instants: the account's day boundaries, via the ISO date.
      const body = await ctx.http.json(
        {
          url: "/v1/activities",
          account: account.id,
          query: { "start-date": `${range.start}T00:00:00`, "end-date": `${range.end}T23:59:59`, per_page: 200, cursor },
        },
        activityPage,
      );
      return { items: body.entries ?? [], next: body.has_more ? body.cursor : null };
    },
    { platform: PLATFORM },
  );
}

export const chartmogulConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: "account",
  currency: "account",
  // ChartMogul recomputes past days when a billing source syncs late or an invoice is backdated;
  // imports lag up to a few days and refunds reach back into the previous month.
  restatementDays: 35,
  allowedHosts: ["api.chartmogul.com"],
  defaultBaseUrl: "https://api.chartmogul.com",
  // 40 requests per second per account (https://dev.chartmogul.com/docs/rate-limits).
  rateLimit: { maxConcurrent: 4, reservoir: { amount: 30, intervalMs: 1000 } },
  authorize(request, credential) {
    if (credential.type === "api-key") request.headers.authorization = `Basic ${Buffer.from(`${credential.key}:`).toString("base64")}`;
  },
  classifyError: platformErrors({ platform: PLATFORM, displayName: "ChartMogul", message: (b) => b?.message ?? b?.error, reconnect: "Create an API key with read access in ChartMogul (Profile > API keys) and reconnect." }),
  async check(ctx) {
    const a = await ctx.http.json({ url: "/v1/account" }, accountAnswer);
    return { ok: true, identity: a.name };
  },
  async listAccounts(ctx) {
    const a = await ctx.http.json({ url: "/v1/account" }, accountAnswer);
    return [{ id: "account", name: a.name, timezone: a.time_zone || "UTC", currency: a.currency || "USD", status: "active" }];
  },
  reportHelp: "Key metrics, MRR movements (daily) or the activities behind them.",
  reports: [
    {
      id: "metrics",
      name: "Key metrics",
      description: "MRR, ARR, ARPA, ASP, customers, churn rates and LTV per day.",
      fields: METRIC_FIELDS,
      fetch: metrics("all"),
      record: (e: Entry) => ({
        date: e.date,
        mrr: cents(e.mrr),
        arr: cents(e.arr),
        arpa: cents(e.arpa),
        asp: cents(e.asp),
        customers: num(e.customers),
        customer_churn_rate: num(e["customer-churn-rate"]),
        mrr_churn_rate: num(e["mrr-churn-rate"]),
        ltv: cents(e.ltv),
      }),
    },
    {
      id: "mrr",
      name: "MRR movements",
      description: "MRR and its daily movements: new business, expansion, contraction, churn, reactivation.",
      fields: MRR_FIELDS,
      fetch: metrics("mrr"),
      record: (e: Entry) => ({
        date: e.date,
        mrr: cents(e.mrr),
        mrr_new_business: cents(e["mrr-new-business"]),
        mrr_expansion: cents(e["mrr-expansion"]),
        mrr_contraction: cents(e["mrr-contraction"]),
        mrr_churn: cents(e["mrr-churn"]),
        mrr_reactivation: cents(e["mrr-reactivation"]),
      }),
    },
    {
      id: "activities",
      name: "Activities",
      description: "Each customer's MRR movements.",
      fields: ACTIVITY_FIELDS,
      fetch: (ctx, account, range) => activities(ctx, account, range),
      record: (a: Activity, account) => ({
        date: stamp(a.date, account.timezone).date,
        type: a.type,
        plan: a["plan-external-id"] ?? null,
        activity_currency: a.currency ?? null,
        activities: a.uuid,
        customers: a["customer-uuid"],
        mrr_movement: cents(a["activity-mrr-movement"]),
      }),
    },
  ],
});
