// A local GA4 for connector tests: Admin API v1beta accountSummaries (pageToken paging) and
// properties/{id}, Data API v1beta properties/{id}:runReport (dimensions, metrics, orderBys,
// offset/limit, rowCount, propertyQuota) with Google's error envelope.
// Wire format: https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/RunReportResponse
import { startFakeServer, type FakeReply, type FakeServer } from "../../../tests/fakes/support/fake-server.js";
import { mountOAuth2, type FakeOAuth2 } from "../../../tests/fakes/support/oauth2.js";
import { daysBetween, seeded } from "../../../tests/fakes/support/seeded.js";

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

/** The finest-grain facts of one property: day x hour x channel x country x device. */
export function facts(propertyId: string, date: string, hour: number) {
  const out: { dims: Record<string, string>; sessions: number; engagedSessions: number; totalUsers: number; newUsers: number; screenPageViews: number; keyEvents: number; purchaseRevenue: number; durationSum: number }[] = [];
  for (const channel of CHANNELS) {
    for (const country of COUNTRIES) {
      for (const device of DEVICES) {
        const r = seeded(`${propertyId}|${date}|${hour}|${channel.sessionMedium}|${country}|${device}`);
        const sessions = Math.floor(r * 20);
        const engagedSessions = Math.floor(sessions * 0.6);
        const keyEvents = r > 0.8 ? 1 : 0;
        out.push({
          dims: { date: date.replace(/-/g, ""), hour: String(hour).padStart(2, "0"), ...channel, country, deviceCategory: device },
          sessions,
          engagedSessions,
          totalUsers: Math.floor(sessions * 0.9),
          newUsers: Math.floor(sessions * 0.3),
          screenPageViews: sessions * 3,
          keyEvents,
          purchaseRevenue: keyEvents * 49.5,
          durationSum: sessions * 95,
        });
      }
    }
  }
  return out;
}

const METRIC_TYPES: Record<string, string> = {
  sessions: "TYPE_INTEGER",
  engagedSessions: "TYPE_INTEGER",
  totalUsers: "TYPE_INTEGER",
  activeUsers: "TYPE_INTEGER",
  newUsers: "TYPE_INTEGER",
  screenPageViews: "TYPE_INTEGER",
  eventCount: "TYPE_INTEGER",
  keyEvents: "TYPE_FLOAT",
  engagementRate: "TYPE_FLOAT",
  bounceRate: "TYPE_FLOAT",
  averageSessionDuration: "TYPE_SECONDS",
  transactions: "TYPE_INTEGER",
  purchaseRevenue: "TYPE_CURRENCY",
  totalRevenue: "TYPE_CURRENCY",
  addToCarts: "TYPE_INTEGER",
};

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

  server.route("POST", /^\/v1beta\/properties\/(?<id>\d+):runReport$/, (req) => {
    const denied = guard(req);
    if (denied) return denied;
    const p = allProperties().find((x) => x.id === req.params.id);
    if (!p) return failures.permission();
    const body = req.json<{ dateRanges: { startDate: string; endDate: string }[]; dimensions?: { name: string }[]; metrics?: { name: string }[]; offset?: number; limit?: number }>();
    const dims = (body.dimensions ?? []).map((d) => d.name);
    const metrics = (body.metrics ?? []).map((m) => m.name);
    for (const name of dims) if (!["date", "hour", "sessionDefaultChannelGroup", "sessionSource", "sessionMedium", "country", "deviceCategory"].includes(name)) return googleError(400, "INVALID_ARGUMENT", `Field ${name} is not a valid dimension in this fake.`);
    for (const name of metrics) if (!METRIC_TYPES[name]) return googleError(400, "INVALID_ARGUMENT", `Field ${name} is not a valid metric.`);
    const groups = new Map<string, { dims: string[]; sums: Record<string, number> }>();
    const [{ startDate, endDate }] = body.dateRanges;
    for (const date of daysBetween(startDate, endDate)) {
      for (let hour = 0; hour < 24; hour++) {
        for (const fact of facts(p.id, date, hour)) {
          const key = dims.map((d) => fact.dims[d]);
          const id = JSON.stringify(key);
          let group = groups.get(id);
          if (!group) groups.set(id, (group = { dims: key, sums: {} }));
          for (const k of ["sessions", "engagedSessions", "totalUsers", "newUsers", "screenPageViews", "keyEvents", "purchaseRevenue", "durationSum"] as const) group.sums[k] = (group.sums[k] ?? 0) + fact[k];
        }
      }
    }
    const value = (s: Record<string, number>, name: string): string => {
      switch (name) {
        case "engagementRate": return String(s.sessions ? s.engagedSessions / s.sessions : 0);
        case "bounceRate": return String(s.sessions ? 1 - s.engagedSessions / s.sessions : 0);
        case "averageSessionDuration": return String(s.sessions ? s.durationSum / s.sessions : 0);
        case "activeUsers": return String(s.totalUsers);
        case "eventCount": return String(s.screenPageViews * 2);
        case "totalRevenue": return String(s.purchaseRevenue);
        case "transactions": return String(s.keyEvents);
        case "addToCarts": return String(s.keyEvents * 2);
        default: return String(s[name] ?? 0);
      }
    };
    // Like GA4, rows without any activity are left out (keepEmptyRows false).
    const all = [...groups.values()].filter((g) => g.sums.sessions > 0).sort((a, b) => (a.dims.join("\u0000") < b.dims.join("\u0000") ? -1 : 1));
    const offset = body.offset ?? 0;
    const limit = body.limit ?? 10_000;
    const rows = all.slice(offset, offset + limit).map((g) => ({ dimensionValues: g.dims.map((v) => ({ value: v })), metricValues: metrics.map((m) => ({ value: value(g.sums, m) })) }));
    return {
      json: {
        dimensionHeaders: dims.map((name) => ({ name })),
        metricHeaders: metrics.map((name) => ({ name, type: METRIC_TYPES[name] })),
        ...(rows.length > 0 ? { rows, rowCount: all.length } : {}),
        metadata: { currencyCode: p.currencyCode, timeZone: p.timeZone },
        propertyQuota: { tokensPerDay: { consumed: 1, remaining: 199_999 }, tokensPerHour: { consumed: 1, remaining: 39_999 } },
        kind: "analyticsData#runReport",
      },
    };
  });

  return { server, oauth, baseUrl: server.url, tokenUrl: oauth.tokenUrl, close: () => server.close() };
}
