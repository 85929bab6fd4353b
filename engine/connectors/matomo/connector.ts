// Matomo Reporting API on the customer's own Matomo: {url}/index.php?module=API&method=...&format=JSON
// (https://developer.matomo.org/api-reference/reporting-api). token_auth goes in the POST body, as
// Matomo recommends so that it stays out of access logs. Sites from SitesManager.getSitesWithAtLeastViewAccess
// (with their timezone and currency), visits from VisitsSummary.get, channel/country/device tables
// from Referrers.getReferrerType, UserCountry.getCountry and DevicesDetection.getType, all with
// period=day over a date range (one JSON object keyed by day). Tables are paged per day with
// filter_limit/filter_offset. Errors come back as HTTP 200 {"result":"error","message":...}.
import { z } from "zod";
import { ratio } from "../../core/aggregate.js";
import { credentialOption } from "../../core/credentials.js";
import { ConnectorError } from "../../core/errors.js";
import { dimension as dim, metric } from "../../core/field-defs.js";
import type { Account, Connector, ConnectorContext, DateRange, FieldDef, Row } from "../../core/types.js";
import { errorBody, numberOrString } from "../shared/answers.js";
import { customerBaseUrl, num, platformErrors, recordsConnector, type RecordReport } from "../shared/records.js";

const PLATFORM = "matomo";

/** A row of a report table: its label and the columns read by name with num(). */
const tableRow = z.looseObject({ label: numberOrString.nullish() });
export type MatomoRow = z.infer<typeof tableRow> & { date: string };
/** period=day over a date range answers one entry per day: the day's figures, or [] for a day without visits. */
const summaryByDay = z.record(z.string(), z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]));
const tableByDay = z.record(z.string(), z.array(tableRow));
const version = z.object({ value: z.string().nullish() });
const sites = z.array(z.object({ idsite: numberOrString, name: z.string(), timezone: z.string().nullish(), currency: z.string().nullish() }));
/** Matomo's errors come back as HTTP 200 {"result": "error", "message": ...}. */
const errorEnvelope = z.object({ result: z.literal("error"), message: z.unknown() });

/** Matomo's HTTP-200 error envelope: a bad token or missing view access are the user's to fix. */
function matomoError(ctx: ConnectorContext, method: string, message: string): ConnectorError {
  const safe = ctx.http.redact(message).slice(0, 300);
  if (/authenticate|token|access|permission|login/i.test(message)) {
    return new ConnectorError({ kind: "config", platform: PLATFORM, status: 200, bodyExcerpt: safe, message: `Matomo refused ${method} (${safe}). Check the auth token has view access, then reconnect the source.` });
  }
  return new ConnectorError({ kind: "system", platform: PLATFORM, status: 200, bodyExcerpt: safe, message: `Matomo rejected ${method}: ${safe}` });
}

export async function matomoCall<T>(ctx: ConnectorContext, method: string, params: Record<string, string | number | undefined>, answer: z.ZodType<T>, account?: string): Promise<T> {
  const response = await ctx.http.request({ method: "POST", url: "/index.php", query: { module: "API", method, format: "JSON", ...params }, form: {}, account });
  const error = errorBody(response, errorEnvelope);
  if (error) throw matomoError(ctx, method, String(error.message ?? ""));
  return response.json(answer);
}

const BASE_FIELDS: FieldDef[] = [dim("date", "Date", "YEAR_MONTH_DAY", "Day in the site's timezone."), dim("site_id", "Site ID", "TEXT", "The Matomo idSite.")];
const TABLE_METRICS: FieldDef[] = [
  metric("visits", "Visits", "NUMBER", "SUM", "Visits (nb_visits)."),
  metric("actions", "Actions", "NUMBER", "SUM", "Page views, downloads and outlinks (nb_actions)."),
  metric("bounces", "Bounces", "NUMBER", "SUM", "Single-action visits (bounce_count)."),
  metric("visit_length", "Total time on site", "DURATION", "SUM", "Sum of visit lengths in seconds (sum_visit_length)."),
  metric("converted_visits", "Converted visits", "NUMBER", "SUM", "Visits that converted a goal (nb_visits_converted)."),
  metric("bounce_rate", "Bounce rate", "PERCENT", "AVG", "Bounces divided by visits (a ratio)."),
  metric("avg_time_on_site", "Average visit duration", "DURATION", "AVG", "Time on site divided by visits, in seconds."),
];
const DERIVED = {
  bounce_rate: (g: Row) => ratio(g.bounces, g.visits, 4),
  avg_time_on_site: (g: Row) => ratio(g.visit_length, g.visits, 1),
};
const COLUMNS: Record<string, string> = { visits: "nb_visits", actions: "nb_actions", bounces: "bounce_count", visit_length: "sum_visit_length", converted_visits: "nb_visits_converted" };

function metricsOf(r: MatomoRow): Row {
  return Object.fromEntries(Object.entries(COLUMNS).map(([id, col]) => [id, num(r[col])]));
}

export function createMatomoConnector(opts: { pageSize?: number } = {}): Connector {
  const pageSize = opts.pageSize ?? 1000;

  const visits: RecordReport<MatomoRow> = {
    id: "visits",
    name: "Visits summary",
    description: "Visits, actions, bounces and time on site per day (VisitsSummary.get).",
    fields: [...BASE_FIELDS, metric("unique_visitors", "Unique visitors", "NUMBER", "SUM", "Daily unique visitors (nb_uniq_visitors), summed over days."), ...TABLE_METRICS],
    async *fetch(ctx, account, range: DateRange) {
      const body = await matomoCall(ctx, "VisitsSummary.get", { idSite: account.id, period: "day", date: `${range.start},${range.end}` }, summaryByDay, account.id);
      // A day without visits is an empty array rather than zeros: no row, like the tables.
      yield Object.entries(body).flatMap(([date, v]) => (Array.isArray(v) ? [] : [{ date, ...v }]));
    },
    record: (r, account) => ({ date: r.date, site_id: account.id, unique_visitors: num(r.nb_uniq_visitors), ...metricsOf(r) }),
    derived: DERIVED,
  };

  const table = (id: string, name: string, method: string, label: FieldDef, description: string): RecordReport<MatomoRow> => ({
    id,
    name,
    description,
    fields: [...BASE_FIELDS, label, ...TABLE_METRICS],
    async *fetch(ctx, account, range) {
      // filter_limit applies to each day's table: keep paging while some day filled its page.
      for (let offset = 0; ; offset += pageSize) {
        const body = await matomoCall(ctx, method, { idSite: account.id, period: "day", date: `${range.start},${range.end}`, filter_limit: pageSize, filter_offset: offset }, tableByDay, account.id);
        const days = Object.entries(body);
        yield days.flatMap(([date, rows]) => rows.map((r) => ({ ...r, date })));
        if (!days.some(([, rows]) => rows.length >= pageSize)) return;
      }
    },
    record: (r, account) => ({ date: r.date, site_id: account.id, [label.id]: r.label ?? null, ...metricsOf(r) }),
    derived: DERIVED,
  });

  return recordsConnector({
    id: PLATFORM,
    authMethod: "api-key",
    // Days are the site's own timezone (SitesManager timezone); revenue in the site's currency.
    timezone: "account",
    currency: "account",
    // Archives of past days are final once browser archiving or the cron has run; log imports and
    // invalidations re-process recent days (https://matomo.org/faq/how-to/faq_155/): re-read 2 days.
    restatementDays: 2,
    // Self-hosted or *.matomo.cloud: the host comes from the form's URL.
    allowedHosts: ["*.matomo.cloud", "matomo.invalid"],
    defaultBaseUrl: "https://matomo.invalid",
    baseUrlFor: (credential) => customerBaseUrl(credentialOption(credential, "url"), /\/index\.php$/i),
    rateLimit: { maxConcurrent: 2 },
    authorize(request, credential) {
      if (credential.type !== "api-key") return;
      if (request.method === "POST") {
        // The body is already encoded when authorize runs: re-encode it with the token.
        request.form = { ...(request.form ?? {}), token_auth: credential.key };
        request.body = new URLSearchParams(request.form).toString();
      } else request.url.searchParams.set("token_auth", credential.key);
    },
    classifyError: platformErrors({ platform: PLATFORM, displayName: "Matomo", message: (b) => b?.message, reconnect: "Create an auth token in Matomo (Administration > Personal > Security) and reconnect." }),
    async check(ctx) {
      const answer = await matomoCall(ctx, "API.getMatomoVersion", {}, version);
      return { ok: true, identity: answer.value ? `Matomo ${answer.value}` : undefined };
    },
    async listAccounts(ctx): Promise<Account[]> {
      const list = await matomoCall(ctx, "SitesManager.getSitesWithAtLeastViewAccess", {}, sites);
      return list.map((s) => ({ id: String(s.idsite), name: s.name, timezone: normalizeZone(s.timezone), currency: s.currency ?? "USD", status: "active" }));
    },
    reports: [
      visits,
      table("channels", "Channels", "Referrers.getReferrerType", dim("channel", "Channel type", "TEXT", "Direct Entry, Search Engines, Websites, Social Networks, Campaigns."), "Visits per channel type and day."),
      table("countries", "Countries", "UserCountry.getCountry", dim("country", "Country", "COUNTRY", "Country of the visitor."), "Visits per country and day."),
      table("devices", "Devices", "DevicesDetection.getType", dim("device", "Device type", "TEXT", "Desktop, Smartphone, Tablet..."), "Visits per device type and day."),
    ],
  });
}

/** Matomo stores "UTC+2"-style zones for sites without a city; luxon reads those as fixed offsets. */
function normalizeZone(zone: string | null | undefined): string {
  if (!zone) return "UTC";
  const fixed = /^UTC([+-]\d+(?:\.5)?)$/.exec(zone);
  if (!fixed) return zone;
  const hours = Number(fixed[1]);
  return hours === 0 ? "UTC" : `UTC${hours > 0 ? "+" : "-"}${Math.abs(Math.trunc(hours))}${hours % 1 ? ":30" : ""}`;
}

export const matomoConnector = createMatomoConnector();
