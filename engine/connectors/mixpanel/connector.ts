// Mixpanel through the Query API (https://developer.mixpanel.com/reference/query-api) with a
// service account (https://docs.mixpanel.com/docs/orgs-and-projects/service-accounts): HTTP Basic
// with its username and secret (the form's two fields). The projects the service account can
// read (GET /api/app/me) are the accounts; a read takes the project's top event names
// (GET /api/query/events/names) then their daily or hourly counts (GET /api/query/events with
// event=[...], type general|unique, unit day|hour), answered as {data: {series, values}}.
// EU and India residency projects live on eu.mixpanel.com / in.mixpanel.com: the form's Data
// residency choice (options.region) picks the host.
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import { splitDateRange } from "../../core/dates.js";
import type { Account, ConnectorContext, DateRange, ReadRequest } from "../../core/types.js";
import { ADS_FIELD } from "../shared/ads-fields.js";
import { wantsHourly } from "../shared/ads-family.js";
import { authorizeBasicKeySecret, columnRow, defsOf, dimCol, mapped, metricCol, type ColumnField } from "../shared/app-analytics.js";
import { platformErrors, recordsConnector, type RecordReport } from "../shared/records.js";

const PLATFORM = "mixpanel";
const MAX_DAYS = 31;
/** The event names one request asks about: the top events of the project. */
const TOP_EVENTS = 100;

const me = z.object({
  results: z.object({ projects: z.record(z.string(), z.object({ name: z.string().nullish(), timezone: z.string().nullish() }).passthrough()).default({}) }).passthrough(),
}).passthrough();
const counts = z.object({ data: z.object({ values: z.record(z.string(), z.record(z.string(), z.number())).default({}) }).passthrough() }).passthrough();

interface Point {
  event: string;
  at: string;
  value: number;
}

function eventsQuery(type: "general" | "unique") {
  return async function* (ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest): AsyncGenerator<Point[]> {
    const names = await ctx.http.json({ url: "/api/query/events/names", account: account.id, query: { project_id: account.id, type, limit: TOP_EVENTS } }, z.array(z.string()));
    if (!names.length) return;
    const unit = wantsHourly(req) ? "hour" : "day";
    for (const slice of splitDateRange(range, MAX_DAYS)) {
      const body = await ctx.http.json(
        { url: "/api/query/events", account: account.id, query: { project_id: account.id, event: JSON.stringify(names), type, unit, from_date: slice.start, to_date: slice.end } },
        counts,
      );
      const points = Object.entries(body.data.values).flatMap(([event, byTime]) => Object.entries(byTime).map(([at, value]) => ({ event, at, value })));
      if (points.length) yield points;
    }
  };
}

const FIELDS = (metric: ColumnField): ColumnField[] => [
  mapped(ADS_FIELD.date, "date"),
  mapped(ADS_FIELD.hour, "hour"),
  dimCol("project_id", "Project ID", "TEXT", "Mixpanel project.", ""),
  dimCol("event", "Event", "TEXT", "Event name (the project's top events).", "event"),
  metric,
];

function reportOf(id: string, name: string, type: "general" | "unique", metric: ColumnField): RecordReport<Point> {
  const fields = FIELDS(metric);
  return {
    id,
    name,
    description: `${name} of the project's top events by day or hour (type=${type}).`,
    fields: defsOf(fields),
    fetch: eventsQuery(type),
    // Keys are "YYYY-MM-DD" by day and "YYYY-MM-DD HH:00:00" by hour, in the project's timezone.
    record: (p, account) => columnRow({ event: p.event, value: p.value, date: p.at.slice(0, 10), hour: p.at.length > 10 ? Number(p.at.slice(11, 13)) : null }, fields, { project_id: account.id }),
  };
}

async function projects(ctx: ConnectorContext) {
  return Object.entries((await ctx.http.json({ url: "/api/app/me" }, me)).results.projects);
}

const REGION_HOSTS: Record<string, string> = { eu: "https://eu.mixpanel.com", in: "https://in.mixpanel.com" };

export const mixpanelConnector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  authorize: authorizeBasicKeySecret,
  timezone: "account",
  currency: "none",
  supportsHourly: true,
  // Mobile SDKs flush offline events for up to 5 days and /import accepts older ones, so recent
  // counts still grow: https://docs.mixpanel.com/docs/tracking-methods/sdks (offline tracking).
  restatementDays: 5,
  allowedHosts: ["mixpanel.com", "eu.mixpanel.com", "in.mixpanel.com"],
  defaultBaseUrl: "https://mixpanel.com",
  baseUrlFor: (credential) => REGION_HOSTS[credentialOption(credential, "region") ?? ""],
  // Query API: 60 queries an hour and 5 concurrent per project; 429 beyond.
  rateLimit: { maxConcurrent: 2 },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Mixpanel",
    message: (b: any) => b?.error ?? b?.message,
    reconnect: "Create a service account in Mixpanel (Organization settings > Service accounts) with access to the project and reconnect with its username and secret.",
  }),
  async check(ctx) {
    const [first] = await projects(ctx);
    return { ok: true, identity: first?.[1].name ?? undefined };
  },
  async listAccounts(ctx) {
    return (await projects(ctx)).map(([id, p]) => ({ id, name: p.name ?? id, timezone: p.timezone || "UTC", currency: "USD", status: "active" }));
  },
  reports: [
    reportOf("events", "Events", "general", metricCol("events", "Events", "NUMBER", "SUM", "Times the event was tracked.", "value")),
    reportOf("unique_users", "Unique users", "unique", metricCol("unique_users", "Unique users", "NUMBER", "SUM", "Distinct users who did the event in the period (summed across periods).", "value")),
  ],
});
