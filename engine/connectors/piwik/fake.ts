// A local Piwik PRO: POST /auth/token (client credentials in a JSON body -> Bearer token),
// GET /api/apps/v2 (JSON:API, limit/offset, meta.total) and POST /api/analytics/v1/query
// (columns with transformations, offset/limit, {data, meta: {columns, count}}), JSON:API errors.
// Wire format: https://developers.piwik.pro/en/latest/custom_reports/http_api/http_api.html
import { activeDays } from "../../../tests/fakes/support/ads-family.js";
import { bearerOf, startSessionFake, type SessionFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { grouped, type Fact } from "../../../tests/fakes/support/grouped.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

export const PIWIK_CREDENTIAL = { type: "api-key" as const, key: "", options: { domain: "acme.piwik.pro", clientId: "piwik-client-0a1b2c3d", clientSecret: "piwik-secret-9f8e7d6c5b4a" } };
export const PIWIK_UNAUTHORIZED: FakeReply = { status: 401, json: { errors: [{ status: "401", title: "Unauthorized", detail: "Access token is invalid or expired." }] } };
export const PIWIK_REFUSED: FakeReply = { status: 401, json: { error: "invalid_client", error_description: "Client authentication failed", message: "Client authentication failed" } };
export const APPS = [
  { id: "0b8f5f0e-1111-4c1e-9a4b-000000000001", name: "acme.fr", timezone: "Europe/Paris", currency: "EUR" },
  { id: "0b8f5f0e-1111-4c1e-9a4b-000000000002", name: "acme.com", timezone: "America/New_York", currency: "USD" },
];
const SOURCES = ["google / organic", "newsletter / email", "direct / none"];
const DEVICES = ["Desktop", "Smartphone"];

export function piwikFacts(app: string, date: string): Fact[] {
  const out: Fact[] = [];
  for (const source of SOURCES) for (const device of DEVICES) {
    const r = seeded(`${app}|${date}|${source}|${device}`);
    const sessions = 5 + Math.floor(r * 50);
    out.push({ dims: { "timestamp:to_date": date, source_medium: source, device_type: device, referrer_type: source.split(" / ")[1], location_country_name: "FR" }, values: { sessions, visitors: Math.floor(sessions * 0.8), page_views: sessions * 3, goal_conversions: r > 0.6 ? 2 : 0, bounces: Math.floor(sessions * r * 0.5) } });
  }
  return out;
}

type Column = { column_id: string; transformation_id?: string };
const key = (c: Column) => (c.transformation_id ? `${c.column_id}:${c.transformation_id}` : c.column_id);

/** The rows the query API answers for an app, range and columns, in the fake's order. */
export function piwikRows(app: string, start: string, end: string, columns: Column[]): unknown[][] {
  const dims = columns.filter((c) => !METRICS.includes(c.column_id)).map(key);
  return grouped(activeDays(start, end).flatMap((d) => piwikFacts(app, d)), dims).map((g) => [
    ...g.keys,
    ...columns.filter((c) => METRICS.includes(c.column_id)).map((c) => (c.column_id === "bounce_rate" ? Math.round((g.sums.bounces / g.sums.sessions) * 1e4) / 1e4 : g.sums[c.column_id])),
  ]);
}
const METRICS = ["sessions", "visitors", "page_views", "goal_conversions", "bounce_rate"];

export async function startPiwikFake(): Promise<SessionFake> {
  const fake = await startSessionFake({
    name: "piwik",
    basePath: "",
    loginPath: "/auth/token",
    credential: PIWIK_CREDENTIAL,
    accepts: (req) => {
      const body = req.json<{ grant_type?: string; client_id?: string; client_secret?: string }>();
      return body.grant_type === "client_credentials" && body.client_id === PIWIK_CREDENTIAL.options.clientId && body.client_secret === PIWIK_CREDENTIAL.options.clientSecret;
    },
    refusal: PIWIK_REFUSED,
    issue: (token) => ({ json: { token_type: "Bearer", expires_in: 1800, access_token: token } }),
    tokenOf: bearerOf,
    unauthorized: () => PIWIK_UNAUTHORIZED,
  });
  fake.route("GET", "/api/apps/v2", (req) => {
    const limit = Math.min(Number(req.query.get("limit") ?? 10), fake.options.pageSize);
    const offset = Number(req.query.get("offset") ?? 0);
    return { json: { data: APPS.slice(offset, offset + limit).map((a) => ({ type: "ApiApp", id: a.id, attributes: { name: a.name, timezone: a.timezone, currency: a.currency, appType: "web", urls: [`https://${a.name}`] } })), meta: { total: APPS.length } } };
  });
  fake.route("POST", "/api/analytics/v1/query", (req) => {
    const body = req.json<{ website_id: string; date_from: string; date_to: string; columns: Column[]; offset?: number; limit?: number }>();
    const app = APPS.find((a) => a.id === body.website_id);
    if (!app) return { status: 403, json: { errors: [{ status: "403", title: "Forbidden", detail: "You do not have access to this website." }] } };
    const known = ["timestamp:to_date", "source_medium", "referrer_type", "device_type", "location_country_name", ...METRICS];
    const bad = body.columns.find((c) => !known.includes(key(c)));
    if (bad) return { status: 400, json: { errors: [{ status: "400", title: "Bad Request", detail: `Unknown column: ${key(bad)}` }] } };
    const all = piwikRows(app.id, body.date_from, body.date_to, body.columns);
    const offset = body.offset ?? 0;
    const limit = body.limit ?? 100;
    return { json: { data: all.slice(offset, offset + limit), meta: { columns: body.columns.map((c) => c.column_id), count: all.length } } };
  });
  return fake;
}
