// Adjust through the Report Service API (https://dev.adjust.com/en/api/rs-api/): the form's API
// token as `Authorization: Bearer` on https://automate.adjust.com/reports-service. Apps are the
// accounts (GET /filters_data?required_filters=apps answers {apps: [{id: app token, name}]}), and
// GET /report with app_token__in, date_period "start:end", dimensions and metrics answers the
// aggregated {rows, totals, warnings}. The endpoint has no cursor: it answers the whole result,
// so long ranges are read a month at a time to keep each answer bounded.
import { z } from "zod";
import { splitDateRange } from "../../core/dates.js";
import type { Account, ConnectorContext, DateRange, ReadRequest } from "../../core/types.js";
import { ADS_FIELD } from "../shared/ads-fields.js";
import { columnRow, defsOf, dimCol, mapped, metricCol, wantedColumns, type ColumnField } from "../shared/app-analytics.js";
import { platformErrors, recordsConnector } from "../shared/records.js";
import { ratio } from "../../core/aggregate.js";

const PLATFORM = "adjust";
const MAX_DAYS = 31;

export const ADJUST_FIELDS: ColumnField[] = [
  mapped(ADS_FIELD.date, "day"),
  dimCol("app_token", "App token", "TEXT", "Adjust app token.", "app_token"),
  dimCol("app_name", "App", "TEXT", "App name.", "app"),
  dimCol("network", "Network", "TEXT", "Attribution network (tracker level 1).", "network"),
  dimCol("campaign", "Campaign", "TEXT", "Campaign (tracker level 2).", "campaign"),
  dimCol("country", "Country", "COUNTRY", "Country of the device.", "country"),
  dimCol("os_name", "OS", "TEXT", "Operating system of the device.", "os_name"),
  mapped(ADS_FIELD.impressions, "impressions"),
  mapped(ADS_FIELD.clicks, "clicks"),
  metricCol("installs", "Installs", "NUMBER", "SUM", "Attributed installs (first app opens).", "installs"),
  metricCol("sessions", "Sessions", "NUMBER", "SUM", "App sessions.", "sessions"),
  metricCol("revenue", "Revenue", "CURRENCY", "SUM", "In-app revenue in the report currency (USD).", "revenue"),
  mapped(ADS_FIELD.cost, "cost"),
  metricCol("ecpi", "eCPI", "CURRENCY", "AVG", "Cost divided by installs.", ""),
];
const METRICS = ADJUST_FIELDS.filter((f) => f.def.type === "metric" && f.column).map((f) => f.column);

const appsBody = z.object({ apps: z.array(z.object({ id: z.string(), name: z.string().nullish() }).passthrough()) }).passthrough();
const reportBody = z.object({ rows: z.array(z.record(z.string(), z.unknown())).default([]) }).passthrough();

async function* report(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest) {
  // The day and the app token always come back, so rows roll up by day and app on our side.
  const { dims } = wantedColumns(ADJUST_FIELDS, req, ["date", "app_token"]);
  for (const slice of splitDateRange(range, MAX_DAYS)) {
    const body = await ctx.http.json(
      {
        url: "/report",
        account: account.id,
        query: {
          app_token__in: account.id,
          date_period: `${slice.start}:${slice.end}`,
          dimensions: dims.map((d) => d.column).join(","),
          metrics: METRICS.join(","),
          // Days in UTC whatever the app's dashboard zone, which the API key cannot read.
          utc_offset: "+00:00",
          currency: "USD",
        },
      },
      reportBody,
    );
    if (body.rows.length) yield body.rows;
  }
}

async function apps(ctx: ConnectorContext) {
  return (await ctx.http.json({ url: "/filters_data", query: { required_filters: "apps" } }, appsBody)).apps;
}

export const adjustConnector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  timezone: { fixed: "UTC" },
  currency: { fixed: "USD" },
  // SKAdNetwork postbacks reach Adjust 1-3 days after the install (plus their random timer) and
  // network cost is imported with a delay of up to several days, so recent days still change:
  // https://help.adjust.com/en/article/skan-data-in-datascape, https://help.adjust.com/en/article/cost-data
  restatementDays: 7,
  allowedHosts: ["automate.adjust.com"],
  defaultBaseUrl: "https://automate.adjust.com/reports-service",
  // The Report Service answers 429 when too many reports run for one token; one at a time.
  rateLimit: { maxConcurrent: 1 },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Adjust",
    message: (b: any) => b?.detail ?? b?.error ?? b?.message,
    reconnect: "Copy the API token from Adjust (Account settings > My profile > API token) and reconnect the source.",
  }),
  async check(ctx) {
    const list = await apps(ctx);
    return { ok: true, identity: list[0]?.name ?? undefined };
  },
  async listAccounts(ctx) {
    return (await apps(ctx)).map((a) => ({ id: a.id, name: a.name ?? a.id, timezone: "UTC", currency: "USD", status: "active" }));
  },
  reports: [
    {
      id: "deliverables",
      name: "Deliverables",
      description: "Impressions, clicks, installs, sessions, revenue and cost by day, app, network and campaign.",
      fields: defsOf(ADJUST_FIELDS),
      fetch: report,
      record: (item: Record<string, unknown>, account: Account) => columnRow(item, ADJUST_FIELDS, { app_token: account.id, app_name: (item.app as string | undefined) ?? account.name }),
      derived: { ecpi: (g) => ratio(g.cost, g.installs, 2) },
    },
  ],
});
