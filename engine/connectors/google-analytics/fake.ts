// A local GA4 for connector tests: Admin API v1beta accountSummaries (pageToken paging) and
// properties/{id}, Data API v1beta properties/{id}/metadata (fake-schema.ts, custom definitions
// included), properties/{id}:checkCompatibility and properties/{id}:runReport (any dimension and
// metric of the property, orderBys, offset/limit, rowCount, propertyQuota) with Google's error
// envelope. Values come from the generic generator (tests/fakes/support/field-values.ts).
// Wire format: https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/RunReportResponse
import { fieldValues, type MetricField, type SplitOf } from "../../../tests/fakes/support/field-values.js";
import { startFakeServer, type FakeReply, type FakeServer } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2, type FakeOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { daysBetween } from "../../../tests/fakes/support/seeded.js";
import { compatible, schemaOf, type FakeMetric } from "./fake-schema.js";

export const CLIENT = { clientId: "fake-ga4-client.apps.googleusercontent.com", clientSecret: "fake-ga4-client-secret-03ac" };
export const REFRESH_TOKEN = "1//fake-ga4-refresh-token";
export const ACCESS_TOKEN = "ya29.fake-ga4-access-token";

export const ACCOUNTS = [
  { account: "accounts/100", displayName: "Acme", properties: [{ id: "300001", displayName: "acme.fr", timeZone: "Europe/Paris", currencyCode: "EUR" }, { id: "300002", displayName: "acme.com", timeZone: "America/New_York", currencyCode: "USD" }] },
  { account: "accounts/200", displayName: "Side project", properties: [{ id: "300003", displayName: "blog", timeZone: "Asia/Tokyo", currencyCode: "JPY" }] },
];

const CHANNELS = [
  { sessionDefaultChannelGroup: "Organic Search", sessionSource: "google", sessionMedium: "organic" },
  { sessionDefaultChannelGroup: "Paid Search", sessionSource: "google", sessionMedium: "cpc" },
  { sessionDefaultChannelGroup: "Direct", sessionSource: "(direct)", sessionMedium: "(none)" },
];
const COUNTRIES = ["France", "United States"];
const DEVICES = ["desktop", "mobile"];

const gen = fieldValues("google-analytics");

/** The traffic of one property, one hour, one channel, country and device: the finest grain. */
const baseKey = (propertyId: string, channel: (typeof CHANNELS)[number], country: string, device: string) => `${propertyId}|${channel.sessionMedium}|${country}|${device}`;

/** A metric's kind in the generator: user counts are distinct, rates and averages ratios. */
function kindOf(metric: FakeMetric): MetricField {
  if (/Users$/.test(metric.apiName) && metric.apiName !== "newUsers") return { id: metric.apiName, kind: "distinct" };
  if (/Rate$|^average|PerUser$/.test(metric.apiName)) return { id: metric.apiName, kind: "ratio", scale: metric.type === "TYPE_SECONDS" ? 300 : /PerUser$/.test(metric.apiName) ? 3 : 1 };
  if (metric.type === "TYPE_CURRENCY") return { id: metric.apiName, kind: "amount", sparse: 0.5 };
  if (metric.type === "TYPE_FLOAT") return { id: metric.apiName, kind: "decimal", sparse: 0.5 };
  return { id: metric.apiName, kind: "count", sparse: metric.apiName === "transactions" ? 0.5 : 0 };
}

/** The finest-grain facts of one property: day x hour x channel x country x device (the tests' ground truth). */
export function facts(propertyId: string, date: string, hour: number) {
  const metric = (apiName: string, key: string) => gen.metric(kindOf(schemaOf(propertyId).metrics.find((m) => m.apiName === apiName)!), { entities: [key], days: [date], hours: [hour] }) ?? 0;
  const out: { dims: Record<string, string>; sessions: number; keyEvents: number }[] = [];
  for (const channel of CHANNELS) {
    for (const country of COUNTRIES) {
      for (const device of DEVICES) {
        const key = baseKey(propertyId, channel, country, device);
        out.push({ dims: { date: date.replace(/-/g, ""), hour: String(hour).padStart(2, "0"), ...channel, country, deviceCategory: device }, sessions: metric("sessions", key), keyEvents: metric("keyEvents", key) });
      }
    }
  }
  return out;
}

export function googleError(status: number, canonical: string, message: string): FakeReply {
  return { status, json: { error: { code: status, message, status: canonical } } };
}

export const failures = {
  expired: () => googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential."),
  permission: () => googleError(403, "PERMISSION_DENIED", "User does not have sufficient permissions for this property."),
  hourlyQuota: (retryAfter?: number) => ({ ...googleError(429, "RESOURCE_EXHAUSTED", "Exhausted property tokens per hour for a property. This property has used all of its available tokens for this hour."), ...(retryAfter ? { headers: { "retry-after": String(retryAfter) } } : {}) }),
  dailyQuota: () => googleError(429, "RESOURCE_EXHAUSTED", "Exhausted property tokens per day for a property. This property has used all of its available tokens for this day."),
  unavailable: () => googleError(503, "UNAVAILABLE", "The service is currently unavailable."),
};

export interface Ga4Fake {
  server: FakeServer;
  oauth: FakeOAuth2;
  baseUrl: string;
  tokenUrl: string;
  close(): Promise<void>;
}

const allProperties = () => ACCOUNTS.flatMap((a) => a.properties);

export async function startGa4Fake(): Promise<Ga4Fake> {
  const server = await startFakeServer();
  const oauth = mountOAuth2(server, { path: "/token", ...CLIENT, refreshToken: REFRESH_TOKEN, accessToken: ACCESS_TOKEN });
  const guard = (req: Parameters<typeof oauth.bearer>[0]) => (oauth.bearer(req) ? undefined : failures.expired());

  server.route("GET", "/v1beta/accountSummaries", (req) => {
    const denied = guard(req);
    if (denied) return denied;
    // The page token is the offset of the next account (opaque to clients).
    const size = Number(req.query.get("pageSize") ?? 50);
    const start = Number(req.query.get("pageToken") ?? 0);
    const accountSummaries = ACCOUNTS.slice(start, start + size).map((a) => ({
      name: `accountSummaries/${a.account.split("/")[1]}`,
      account: a.account,
      displayName: a.displayName,
      propertySummaries: a.properties.map((p) => ({ property: `properties/${p.id}`, displayName: p.displayName, propertyType: "PROPERTY_TYPE_ORDINARY", parent: a.account })),
    }));
    return { json: { accountSummaries, ...(start + size < ACCOUNTS.length ? { nextPageToken: String(start + size) } : {}) } };
  });

  server.route("GET", "/v1beta/properties/:id", (req) => {
    const denied = guard(req);
    if (denied) return denied;
    const p = allProperties().find((x) => x.id === req.params.id);
    if (!p) return googleError(404, "NOT_FOUND", `Property properties/${req.params.id} not found.`);
    return { json: { name: `properties/${p.id}`, propertyType: "PROPERTY_TYPE_ORDINARY", displayName: p.displayName, timeZone: p.timeZone, currencyCode: p.currencyCode, industryCategory: "SHOPPING", serviceLevel: "GOOGLE_ANALYTICS_STANDARD" } };
  });

  server.route("GET", /^\/v1beta\/properties\/(?<id>\d+)\/metadata$/, (req) => {
    const denied = guard(req);
    if (denied) return denied;
    const id = req.params.id;
    if (id !== "0" && !allProperties().some((x) => x.id === id)) return failures.permission();
    const { dimensions, metrics } = schemaOf(id);
    return {
      json: {
        name: `properties/${id}/metadata`,
        dimensions: dimensions.map(({ apiName, uiName, description, category, customDefinition }) => ({ apiName, uiName, description, category, ...(customDefinition ? { customDefinition } : {}) })),
        metrics: metrics.map(({ apiName, uiName, description, category, type, customDefinition }) => ({ apiName, uiName, description, category, type, ...(customDefinition ? { customDefinition } : {}) })),
      },
    };
  });

  server.route("POST", /^\/v1beta\/properties\/(?<id>\d+):checkCompatibility$/, (req) => {
    const denied = guard(req);
    if (denied) return denied;
    const { dimensions, metrics } = schemaOf(req.params.id);
    const body = req.json<{ dimensions?: { name: string }[]; metrics?: { name: string }[]; compatibilityFilter?: string }>();
    const asked = [...(body.dimensions ?? []).map((x) => dimensions.find((dd) => dd.apiName === x.name)), ...(body.metrics ?? []).map((x) => metrics.find((mm) => mm.apiName === x.name))];
    if (asked.some((x) => !x)) return googleError(400, "INVALID_ARGUMENT", "Did you mean a valid dimension or metric? Field is not a valid dimension or metric.");
    const verdict = (f: (typeof dimensions)[number]) => (asked.every((a) => a === f || compatible(f, a!)) ? "COMPATIBLE" : "INCOMPATIBLE");
    const keep = (c: string) => !body.compatibilityFilter || body.compatibilityFilter === "COMPATIBILITY_UNSPECIFIED" || body.compatibilityFilter === c;
    return {
      json: {
        dimensionCompatibilities: dimensions.map((f) => ({ dimensionMetadata: { apiName: f.apiName, uiName: f.uiName }, compatibility: verdict(f) })).filter((c) => keep(c.compatibility)),
        metricCompatibilities: metrics.map((f) => ({ metricMetadata: { apiName: f.apiName, uiName: f.uiName }, compatibility: verdict(f) })).filter((c) => keep(c.compatibility)),
      },
    };
  });

  server.route("POST", /^\/v1beta\/properties\/(?<id>\d+):runReport$/, (req) => {
    const denied = guard(req);
    if (denied) return denied;
    const p = allProperties().find((x) => x.id === req.params.id);
    if (!p) return failures.permission();
    const body = req.json<{ dateRanges: { startDate: string; endDate: string }[]; dimensions?: { name: string }[]; metrics?: { name: string }[]; offset?: number; limit?: number }>();
    const schema = schemaOf(p.id);
    const dims = (body.dimensions ?? []).map((x) => x.name);
    const metricNames = (body.metrics ?? []).map((x) => x.name);
    for (const name of dims) if (!schema.dimensions.some((x) => x.apiName === name)) return googleError(400, "INVALID_ARGUMENT", `Field ${name} is not a valid dimension. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema`);
    for (const name of metricNames) if (!schema.metrics.some((x) => x.apiName === name)) return googleError(400, "INVALID_ARGUMENT", `Field ${name} is not a valid metric. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema`);
    const fields = [...dims.map((n) => schema.dimensions.find((x) => x.apiName === n)!), ...metricNames.map((n) => schema.metrics.find((x) => x.apiName === n)!)];
    for (const a of fields) for (const b of fields) if (a !== b && !compatible(a, b)) return googleError(400, "INVALID_ARGUMENT", `Please remove ${a.apiName} to make the request compatible. The request's dimensions & metrics are incompatible.`);

    // Groups: the days and hours, the base traffic split (channel, country, device) and any other
    // dimension as a breakdown of those cells; every number is a sum of the finest cells.
    const [{ startDate, endDate }] = body.dateRanges;
    const days = daysBetween(startDate, endDate);
    const base = CHANNELS.flatMap((channel) => COUNTRIES.flatMap((country) => DEVICES.map((device) => ({ channel, country, device }))));
    const baseValue = (b: (typeof base)[number], name: string): string => ({ ...b.channel, country: b.country, deviceCategory: b.device })[name as "country"];
    const baseDims = dims.filter((n) => ["sessionDefaultChannelGroup", "sessionSource", "sessionMedium", "country", "deviceCategory"].includes(n));
    const splitDims = dims.filter((n) => !baseDims.includes(n) && n !== "date" && n !== "hour");
    let cells: SplitOf[][] = [[]];
    for (const n of splitDims) {
      const members = gen.members({ id: n, kind: "text" }, 2);
      cells = cells.flatMap((cell) => members.map((member) => [...cell, { dimension: n, members, member }]));
    }
    const slots: { days: string[]; hours?: number[]; date?: string; hour?: number }[] = [];
    for (const date of dims.includes("date") ? days : [undefined]) {
      for (const hour of dims.includes("hour") ? Array.from({ length: 24 }, (_, h) => h) : [undefined]) {
        slots.push({ days: date ? [date] : days, hours: hour === undefined ? undefined : [hour], date, hour });
      }
    }
    const groups = new Map<string, typeof base>();
    for (const b of base) {
      const key = JSON.stringify(baseDims.map((n) => baseValue(b, n)));
      groups.set(key, [...(groups.get(key) ?? []), b]);
    }
    const sessionsOf = schema.metrics.find((x) => x.apiName === "sessions")!;
    const all: { dims: string[]; metrics: string[] }[] = [];
    for (const slot of slots) {
      for (const members of groups.values()) {
        for (const cell of cells) {
          const scope = { entities: members.map((b) => baseKey(p.id, b.channel, b.country, b.device)), days: slot.days, hours: slot.hours, cell };
          // Like GA4, rows without any activity are left out (keepEmptyRows false).
          if ((gen.metric(kindOf(sessionsOf), scope) ?? 0) === 0) continue;
          const dimValues = dims.map((n) => {
            if (n === "date") return slot.date!.replace(/-/g, "");
            if (n === "hour") return String(slot.hour).padStart(2, "0");
            if (baseDims.includes(n)) return baseValue(members[0], n);
            return cell.find((c) => c.dimension === n)!.member;
          });
          const metricValues = metricNames.map((n) => String(gen.metric(kindOf(schema.metrics.find((x) => x.apiName === n)!), scope) ?? 0));
          all.push({ dims: dimValues, metrics: metricValues });
        }
      }
    }
    const order = (g: { dims: string[] }) => g.dims.join("\u0000");
    all.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
    const offset = body.offset ?? 0;
    const limit = body.limit ?? 10_000;
    const rows = all.slice(offset, offset + limit).map((g) => ({ dimensionValues: g.dims.map((value) => ({ value })), metricValues: g.metrics.map((value) => ({ value })) }));
    return {
      json: {
        dimensionHeaders: dims.map((name) => ({ name })),
        metricHeaders: metricNames.map((name) => ({ name, type: schema.metrics.find((x) => x.apiName === name)!.type })),
        ...(rows.length > 0 ? { rows, rowCount: all.length } : {}),
        metadata: { currencyCode: p.currencyCode, timeZone: p.timeZone },
        propertyQuota: { tokensPerDay: { consumed: 1, remaining: 199_999 }, tokensPerHour: { consumed: 1, remaining: 39_999 } },
        kind: "analyticsData#runReport",
      },
    };
  });

  return { server, oauth, baseUrl: server.url, tokenUrl: oauth.tokenUrl, close: () => server.close() };
}
