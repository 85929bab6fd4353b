// ProfitWell Metrics API v2 (Paddle): https://api.profitwell.com/v2/ (https://profitwellapiv2.docs.apiary.io/).
// The private API token goes bare in the Authorization header (no scheme). Daily metrics come a
// month at a time (GET /v2/metrics/daily/?month=YYYY-MM&metrics=a,b), as {data: {metric: [{date,
// value}]}}, so a range is read month by month. ProfitWell computes days in UTC; the reporting
// currency comes from /v2/company/settings/.
import { DateTime } from "luxon";
import { z } from "zod";
import { metric, dimension as dim } from "../../core/field-defs.js";
import type { Account, Connector, ConnectorContext, DateRange, FieldDef, ReadRequest } from "../../core/types.js";
import { numberOrString } from "../shared/answers.js";
import { num, platformErrors, recordsConnector } from "../shared/records.js";

const PLATFORM = "profitwell";

/** Field id -> ProfitWell metric name; money is in currency units. */
export const DAILY_METRICS: [string, string, FieldDef["fieldType"], FieldDef["aggregation"], string][] = [
  ["recurring_revenue", "MRR", "CURRENCY", "MAX", "Monthly recurring revenue."],
  ["active_customers", "Active customers", "NUMBER", "MAX", "Paying customers."],
  ["new_recurring_revenue", "New MRR", "CURRENCY", "SUM", "MRR from new customers."],
  ["upgraded_recurring_revenue", "Expansion MRR", "CURRENCY", "SUM", "MRR from upgrades."],
  ["downgraded_recurring_revenue", "Contraction MRR", "CURRENCY", "SUM", "MRR lost to downgrades."],
  ["churned_recurring_revenue", "Churned MRR", "CURRENCY", "SUM", "MRR lost to cancellations."],
  ["reactivated_recurring_revenue", "Reactivation MRR", "CURRENCY", "SUM", "MRR from returning customers."],
  ["new_customers", "New customers", "NUMBER", "SUM", "Customers who started paying."],
  ["churned_customers", "Churned customers", "NUMBER", "SUM", "Customers who cancelled."],
  ["plan_changed_customers", "Plan changes", "NUMBER", "SUM", "Customers who changed plan."],
];

const FIELDS: FieldDef[] = [dim("date", "Date", "YEAR_MONTH_DAY", "Day (UTC)."), ...DAILY_METRICS.map(([id, name, type, agg, description]) => metric(id, name, type, agg, description))];

/** {data: {metric: [{date, value}]}}: one series per metric asked. */
const daily = z.object({ data: z.record(z.string(), z.array(z.object({ date: z.string(), value: numberOrString.nullable() })).nullable()).nullish() });
const settingsAnswer = z.object({ currency: z.string().nullish(), company_name: z.string().nullish() });

/** The months (YYYY-MM) a range touches. */
export function monthsOf(range: DateRange): string[] {
  const out: string[] = [];
  for (let m = DateTime.fromISO(range.start).startOf("month"); m <= DateTime.fromISO(range.end); m = m.plus({ months: 1 })) out.push(m.toFormat("yyyy-MM"));
  return out;
}

async function* dailyRows(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest): AsyncIterable<Record<string, unknown>[]> {
  const asked = new Set([...req.fields, ...(req.filters ?? []).map((f) => f.field)]);
  const metrics = DAILY_METRICS.map(([id]) => id).filter((id) => asked.has(id));
  for (const month of monthsOf(range)) {
    const body = await ctx.http.json({ url: "/v2/metrics/daily/", account: account.id, query: { month, metrics: (metrics.length ? metrics : ["recurring_revenue"]).join(",") } }, daily);
    const byDate = new Map<string, Record<string, unknown>>();
    for (const [name, points] of Object.entries(body.data ?? {})) {
      for (const p of points ?? []) {
        const row = byDate.get(p.date) ?? { date: p.date };
        row[name] = p.value;
        byDate.set(p.date, row);
      }
    }
    yield [...byDate.values()].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  }
}

export const profitwellConnector: Connector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: { fixed: "UTC" },
  currency: "account",
  // ProfitWell recomputes days when a billing system syncs late (retries, refunds, backdated
  // cancellations); its own docs warn the current month keeps moving: re-read a month.
  restatementDays: 31,
  allowedHosts: ["api.profitwell.com"],
  defaultBaseUrl: "https://api.profitwell.com",
  rateLimit: { maxConcurrent: 2 },
  authorize(request, credential) {
    if (credential.type === "api-key") request.headers.authorization = credential.key;
  },
  // Django REST framework errors: {"detail": "..."}; some endpoints answer {"message": "..."}.
  classifyError: platformErrors({ platform: PLATFORM, displayName: "ProfitWell", message: (b) => b?.detail ?? b?.message ?? b?.error, reconnect: "Copy the private API token from ProfitWell (Account settings > Integrations > API keys) and reconnect." }),
  async check(ctx) {
    await ctx.http.json({ url: "/v2/company/settings/" }, settingsAnswer);
    return { ok: true };
  },
  async listAccounts(ctx) {
    const settings = await ctx.http.json({ url: "/v2/company/settings/" }, settingsAnswer);
    return [{ id: "company", name: settings.company_name || "ProfitWell", timezone: "UTC", currency: (settings.currency || "usd").toUpperCase(), status: "active" }];
  },
  reports: [
    {
      id: "daily_metrics",
      name: "Daily metrics",
      description: "MRR, customers and MRR movements per day.",
      fields: FIELDS,
      fetch: dailyRows,
      record: (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === "date" ? String(v) : v === null ? null : num(v)])),
    },
  ],
});
