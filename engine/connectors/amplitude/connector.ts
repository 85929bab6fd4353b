// Amplitude through the Dashboard REST API (https://amplitude.com/docs/apis/analytics/dashboard-rest):
// HTTP Basic with the project's API key and secret key (the form's two fields) on
// https://amplitude.com/api/2 (analytics.eu.amplitude.com for EU residency projects, the form's
// Data residency choice in options.region). Active and
// new users come from GET /users (m=active|new), event totals from GET /events/segmentation
// (e={"event_type":"_all"}, m=totals); both answer daily series {data: {series, xValues,
// seriesMeta|seriesLabels}}, grouped by country with g=country when the read asks for it.
import { z } from "zod";
import { credentialOption } from "../../core/credentials.js";
import { splitDateRange } from "../../core/dates.js";
import type { Account, ConnectorContext, DateRange, ReadRequest } from "../../core/types.js";
import { authorizeBasicKeySecret, columnRow, defsOf, dimCol, mapped, metricCol, wantedColumns, type ColumnField } from "../shared/app-analytics.js";
import { ADS_FIELD } from "../shared/ads-fields.js";
import { platformErrors, recordsConnector, type RecordReport } from "../shared/records.js";

const PLATFORM = "amplitude";
/** Query cost grows with days x groups; a month per request keeps each under the per-query limit. */
const MAX_DAYS = 31;
const compact = (day: string) => day.replaceAll("-", "");

const series = z.object({
  data: z.object({
    series: z.array(z.array(z.union([z.number(), z.string(), z.null()]))).default([]),
    xValues: z.array(z.string()).default([]),
    seriesMeta: z.array(z.unknown()).nullish(),
    seriesLabels: z.array(z.unknown()).nullish(),
  }).passthrough(),
}).passthrough();

interface Point {
  date: string;
  country: string | null;
  value: number | string | null;
}

/** A series label: a plain string (users), or [index, label] / index (segmentation). */
function labelOf(meta: unknown): string | null {
  if (Array.isArray(meta)) return meta.length > 1 ? String(meta[meta.length - 1]) : null;
  return typeof meta === "string" ? meta : null;
}

function seriesQuery(path: string, params: Record<string, string>) {
  return async function* (ctx: ConnectorContext, account: Account, range: DateRange, req: ReadRequest): AsyncGenerator<Point[]> {
    const grouped = wantedColumns(FIELDS_OF.users, req).dims.some((d) => d.def.id === "country");
    for (const slice of splitDateRange(range, MAX_DAYS)) {
      const body = await ctx.http.json(
        { url: path, account: account.id, query: { ...params, start: compact(slice.start), end: compact(slice.end), i: 1, ...(grouped ? { g: "country" } : {}) } },
        series,
      );
      const labels = body.data.seriesMeta ?? body.data.seriesLabels ?? [];
      const points = body.data.series.flatMap((values, i) =>
        values.map((value, j) => ({ date: body.data.xValues[j]?.slice(0, 10), country: grouped ? labelOf(labels[i]) : null, value })).filter((p): p is Point => Boolean(p.date)),
      );
      if (points.length) yield points;
    }
  };
}

const dims: ColumnField[] = [mapped(ADS_FIELD.date, "date"), dimCol("country", "Country", "COUNTRY", "Country of the users (group by country).", "country")];
const FIELDS_OF = {
  users: [...dims, metricCol("active_users", "Active users", "NUMBER", "SUM", "Users active on the day (summed across days and countries).", "value")],
  new_users: [...dims, metricCol("new_users", "New users", "NUMBER", "SUM", "Users new on the day.", "value")],
  events: [...dims, metricCol("events", "Events", "NUMBER", "SUM", "Events of any type tracked on the day.", "value")],
};

function reportOf(id: keyof typeof FIELDS_OF, name: string, description: string, path: string, params: Record<string, string>): RecordReport<Point> {
  const fields = FIELDS_OF[id];
  return { id, name, description, fields: defsOf(fields), fetch: seriesQuery(path, params), record: (p) => columnRow({ ...p }, fields) };
}

export const amplitudeConnector = recordsConnector({
  id: PLATFORM,
  authMethod: "api-key",
  authorize: authorizeBasicKeySecret,
  // Series days are the project's timezone (Settings > Projects), which the API cannot read.
  timezone: { fixed: "UTC" },
  currency: "none",
  // Events arrive late from offline devices (the SDKs retry uploads for days) and user counts of a
  // day change with them: https://amplitude.com/docs/data/sdks (offline mode); the last 3 days are re-read.
  restatementDays: 3,
  allowedHosts: ["amplitude.com", "analytics.eu.amplitude.com"],
  defaultBaseUrl: "https://amplitude.com/api/2",
  baseUrlFor: (credential) => (credentialOption(credential, "region") === "eu" ? "https://analytics.eu.amplitude.com/api/2" : undefined),
  // "5 concurrent requests" per project (Dashboard REST API rate limits); 429 beyond.
  rateLimit: { maxConcurrent: 2 },
  classifyError: platformErrors({
    platform: PLATFORM,
    displayName: "Amplitude",
    message: (b: any) => b?.error?.message ?? b?.error ?? b?.message,
    reconnect: "Copy the project's API key and secret key from Amplitude (Settings > Projects) and reconnect the source.",
  }),
  async check(ctx) {
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await ctx.http.json({ url: "/users", query: { start: compact(day), end: compact(day), m: "active", i: 1 } }, series);
    return { ok: true };
  },
  async listAccounts() {
    // An API key belongs to exactly one project.
    return [{ id: "project", name: "Amplitude project", timezone: "UTC", currency: "USD", status: "active" }];
  },
  reports: [
    reportOf("users", "Active users", "Daily active users, optionally by country.", "/users", { m: "active" }),
    reportOf("new_users", "New users", "Daily new users, optionally by country.", "/users", { m: "new" }),
    reportOf("events", "Events", "Daily totals of all events, optionally by country.", "/events/segmentation", { e: JSON.stringify({ event_type: "_all" }), m: "totals" }),
  ],
});
