// Google Ad Manager through the Ad Manager API v1 (REST, https://developers.google.com/ad-manager/api/beta/reference/rest):
// networks are the accounts (their timeZone and currencyCode); a read creates a HISTORICAL
// report (visibility HIDDEN: the API has no delete, hidden reports stay out of the UI), runs it,
// polls the long-running operation until done and pages the result with fetchRows/nextPageToken.
// Ad Manager is the publisher side: orders stand in for campaigns and the money is revenue.
import { z } from "zod";
import { ratio } from "../../core/aggregate.js";
import { ConnectorError } from "../../core/errors.js";
import { dimension, metric } from "../../core/field-defs.js";
import { paginate } from "../../core/paginate.js";
import { pollUntilDone } from "../../core/poll.js";
import type { Account, ConnectorContext, DateRange, FieldDef, ReadRequest, Row } from "../../core/types.js";
import { ADS_FIELD, describedAs } from "../shared/ads-fields.js";
import { fromMicros, wantsHourly } from "../shared/ads-family.js";
import { googleAdsFamilyConnector } from "../shared/google-family.js";
import { num } from "../shared/records.js";

const PLATFORM = "google-ad-manager";

const networks = z.object({ networks: z.array(z.object({ name: z.string(), networkCode: z.string(), displayName: z.string().optional(), timeZone: z.string().optional(), currencyCode: z.string().optional() })).optional() });
const operation = z.object({ name: z.string(), done: z.boolean().optional(), error: z.object({ message: z.string().optional() }).optional(), response: z.object({ reportResult: z.string().optional() }).optional() });
const value = z.object({ intValue: z.string().optional(), doubleValue: z.number().optional(), stringValue: z.string().optional() }).partial();
const rowsPage = z.object({
  rows: z.array(z.object({ dimensionValues: z.array(value), metricValueGroups: z.array(z.object({ primaryValues: z.array(value) })) })).optional(),
  nextPageToken: z.string().optional(),
});
type Value = z.infer<typeof value>;

const METRICS = ["AD_SERVER_IMPRESSIONS", "AD_SERVER_CLICKS", "AD_SERVER_CPM_AND_CPC_REVENUE"];
const ymd = (day: string) => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) });
const raw = (v: Value | undefined) => v?.stringValue ?? v?.intValue ?? v?.doubleValue;

async function* report(ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest, byOrder: boolean) {
  const network = `networks/${account.id}`;
  const dimensions = ["DATE", ...(wantsHourly(req) ? ["HOUR"] : []), ...(byOrder ? ["ORDER_ID", "ORDER_NAME"] : [])];
  const created = await ctx.http.json(
    {
      method: "POST",
      url: `/${network}/reports`,
      account: account.id,
      json: {
        displayName: `Signalpost ${range.start}..${range.end}`,
        visibility: "HIDDEN",
        reportDefinition: { dimensions, metrics: METRICS, dateRange: { fixed: { startDate: ymd(range.start), endDate: ymd(range.end) } }, reportType: "HISTORICAL" },
      },
    },
    z.object({ name: z.string() }),
  );
  const started = await ctx.http.json({ method: "POST", url: `/${created.name}:run`, account: account.id, json: {} }, operation);
  const done = await pollUntilDone({
    platform: PLATFORM,
    what: `report ${created.name}`,
    signal: ctx.signal,
    check: () => (started.done ? Promise.resolve(started) : ctx.http.json({ url: `/${started.name}`, account: account.id }, operation)),
    state: (op) => (op.error ? { failed: op.error.message ?? "the report run failed" } : op.done ? "done" : "pending"),
  });
  const result = done.response?.reportResult;
  if (!result) throw new ConnectorError({ kind: "system", platform: PLATFORM, message: `Google Ad Manager finished report ${created.name} without a result.` });
  yield* paginate<{ dims: Value[]; metrics: Value[] }, string>(async (pageToken) => {
    const page = await ctx.http.json({ url: `/${result}:fetchRows`, account: account.id, query: { pageSize: 10_000, pageToken } }, rowsPage);
    return {
      items: (page.rows ?? []).map((r) => ({ dims: Object.fromEntries(dimensions.map((d, i) => [d, r.dimensionValues[i]])) as any, metrics: r.metricValueGroups[0]?.primaryValues ?? [] })),
      next: page.nextPageToken,
    };
  }, { platform: PLATFORM });
}

function record(item: { dims: Record<string, Value>; metrics: Value[] }, account: Account): Row {
  const date = String(raw(item.dims.DATE) ?? "");
  const hour = raw(item.dims.HOUR);
  return {
    // DATE values are integers like 20250301, in the network's time zone.
    date: /^\d{8}$/.test(date) ? `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}` : date.slice(0, 10),
    hour: hour === undefined ? null : Number(hour),
    account_id: account.id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: item.dims.ORDER_ID ? String(raw(item.dims.ORDER_ID)) : null,
    campaign_name: item.dims.ORDER_NAME ? String(raw(item.dims.ORDER_NAME)) : null,
    impressions: num(raw(item.metrics[0])),
    clicks: num(raw(item.metrics[1])),
    // Money metrics come as intValue micros of the network currency.
    revenue: item.metrics[2]?.doubleValue ?? fromMicros(item.metrics[2]?.intValue),
  };
}

const REVENUE = metric("revenue", "Revenue", "CURRENCY", "SUM", "CPM and CPC revenue of ad server line items, in the network's currency.");
const ECPM = metric("ecpm", "eCPM", "CURRENCY", "AVG", "Revenue per thousand impressions.");
const fields = (byOrder: boolean): FieldDef[] => [
  ADS_FIELD.date,
  ADS_FIELD.hour,
  describedAs(ADS_FIELD.account_id, "Network code of the Ad Manager network."),
  describedAs(ADS_FIELD.account_name, "Display name of the network."),
  ADS_FIELD.account_currency,
  ...(byOrder ? [dimension("campaign_id", "Order ID", "TEXT", "Identifier of the order (Ad Manager's campaign)."), dimension("campaign_name", "Order name", "TEXT", "Name of the order.")] : []),
  describedAs(ADS_FIELD.impressions, "Ad server impressions."),
  describedAs(ADS_FIELD.clicks, "Ad server clicks."),
  REVENUE,
  ADS_FIELD.ctr,
  ECPM,
];
const derived = { ecpm: (g: Row) => ratio(Number(g.revenue ?? 0) * 1000, g.impressions, 2) };

export const googleAdManagerConnector = googleAdsFamilyConnector({
  id: PLATFORM,
  displayName: "Google Ad Manager",
  // Reports run in the network's time zone, money in its currency.
  timezone: "account",
  currency: "account",
  // Ad server figures settle within a couple of days (late impressions, spam filtering), see
  // https://support.google.com/admanager/answer/2646324: re-read three days.
  restatementDays: 3,
  allowedHosts: ["admanager.googleapis.com", "oauth2.googleapis.com"],
  defaultBaseUrl: "https://admanager.googleapis.com/v1",
  supportsHourly: true,
  rateLimit: { maxConcurrent: 2, minTimeMs: 100 },
  scopes: ["https://www.googleapis.com/auth/admanager"],

  async check(ctx) {
    const list = (await ctx.http.json({ url: "/networks" }, networks)).networks ?? [];
    return { ok: true, identity: list.map((n) => n.displayName ?? n.networkCode).join(", ") || undefined };
  },
  async listAccounts(ctx) {
    const list = (await ctx.http.json({ url: "/networks" }, networks)).networks ?? [];
    return list.map((n) => ({ id: n.networkCode, name: n.displayName ?? n.networkCode, timezone: n.timeZone ?? "America/New_York", currency: n.currencyCode ?? "USD", status: "active" }));
  },
  reports: [
    { id: "network", name: "Network", description: "Network totals by day or hour.", fields: fields(false), derived, fetch: (c, a, r, q) => report(c, a, r, q, false), record },
    { id: "order", name: "Orders", description: "Delivery and revenue by order, by day or hour.", fields: fields(true), derived, fetch: (c, a, r, q) => report(c, a, r, q, true), record },
  ],
});
