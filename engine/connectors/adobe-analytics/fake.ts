// A local Adobe Analytics 2.0 API and Adobe IMS: POST /ims/token/v3 (client credentials form),
// GET /discovery/me, GET /api/{company}/collections/suites (page/limit, lastPage) and
// POST /api/{company}/reports (one dimension, dateRange global filter, settings.page/limit),
// with the x-api-key and x-proxy-global-company-id checks.
// Wire format: https://developer.adobe.com/analytics-apis/docs/2.0/guides/endpoints/reports/
import { DateTime } from "luxon";
import { activeDays } from "../../../tests/fakes/support/ads-family.js";
import { bearerOf, startSessionFake, type SessionFake } from "../../../tests/fakes/support/ads-session.js";
import type { FakeReply } from "../../../tests/fakes/support/fake-server.js";
import { grouped, type Fact } from "../../../tests/fakes/support/grouped.js";
import { seeded } from "../../../tests/fakes/support/seeded.js";

export const ADOBE_CREDENTIAL = { type: "api-key" as const, key: "adobeclientid0123456789", secret: "p8e-adobe-client-secret-abcdef" };
export const ADOBE_UNAUTHORIZED: FakeReply = { status: 401, json: { error_code: "401013", message: "Oauth token is not valid" } };
export const ADOBE_REFUSED: FakeReply = { status: 400, json: { error: "invalid_client", error_description: "invalid client_secret parameter" } };
export const COMPANY = { globalCompanyId: "acmeco0", companyName: "Acme Corp" };
export const SUITES = [
  { rsid: "acmeprod", name: "Acme production", timezoneZoneinfo: "Europe/Paris", currency: "EUR" },
  { rsid: "acmeapp", name: "Acme app", timezoneZoneinfo: "America/Los_Angeles", currency: "USD" },
];
const CHANNELS = ["Natural Search", "Paid Search", "Direct", "Email"];
const METRICS: Record<string, string> = { "metrics/visits": "visits", "metrics/visitors": "visitors", "metrics/pageviews": "pageviews", "metrics/orders": "orders", "metrics/revenue": "revenue" };

export function adobeFacts(rsid: string, date: string): Fact[] {
  return CHANNELS.map((channel) => {
    const r = seeded(`${rsid}|${date}|${channel}`);
    const visits = 10 + Math.floor(r * 100);
    return { dims: { day: date, channel }, values: { visits, visitors: Math.floor(visits * 0.85), pageviews: visits * 3, orders: Math.floor(r * 4), revenue: Math.floor(r * 4) * 59.9 } };
  });
}

export const adobeDay = (date: string) => DateTime.fromISO(date).toFormat("MMM d, yyyy");

export function adobeRows(rsid: string, start: string, end: string, dimension: string, metrics: string[]) {
  const key = dimension === "variables/daterangeday" ? "day" : "channel";
  return grouped(activeDays(start, end).flatMap((d) => adobeFacts(rsid, d)), [key]).map((g, i) => ({
    itemId: String(1000 + i),
    value: key === "day" ? adobeDay(g.keys[0]) : g.keys[0],
    data: metrics.map((m) => Math.round(g.sums[METRICS[m]] * 100) / 100),
  }));
}

export async function startAdobeFake(): Promise<SessionFake> {
  const fake = await startSessionFake({
    name: "adobe",
    basePath: "",
    loginPath: "/ims/token/v3",
    credential: ADOBE_CREDENTIAL,
    accepts: (req) => {
      const form = req.form();
      return form.get("grant_type") === "client_credentials" && form.get("client_id") === ADOBE_CREDENTIAL.key && form.get("client_secret") === ADOBE_CREDENTIAL.secret && (form.get("scope") ?? "").includes("AdobeID");
    },
    refusal: ADOBE_REFUSED,
    issue: (token) => ({ json: { access_token: token, token_type: "bearer", expires_in: 86399 } }),
    tokenOf: bearerOf,
    unauthorized: () => ADOBE_UNAUTHORIZED,
  });
  const keyed = (req: { headers: Record<string, unknown> }, company = true): FakeReply | undefined => {
    if (req.headers["x-api-key"] !== ADOBE_CREDENTIAL.key) return { status: 403, json: { error_code: "403000", message: "Api Key is invalid" } };
    if (company && req.headers["x-proxy-global-company-id"] !== COMPANY.globalCompanyId) return { status: 400, json: { errorCode: "invalid_company", errorDescription: "Missing x-proxy-global-company-id" } };
    return undefined;
  };
  fake.route("GET", "/discovery/me", (req) => keyed(req, false) ?? { json: { imsUserId: "ABC@techacct.adobe.com", imsOrgs: [{ imsOrgId: "ORG@AdobeOrg", companies: [{ ...COMPANY, apiRateLimitPolicy: "aa_api_tier10_tp" }] }] } });
  fake.route("GET", `/api/${COMPANY.globalCompanyId}/collections/suites`, (req) => {
    const denied = keyed(req);
    if (denied) return denied;
    const limit = Math.min(Number(req.query.get("limit") ?? 10), fake.options.pageSize);
    const page = Number(req.query.get("page") ?? 0);
    const content = SUITES.slice(page * limit, (page + 1) * limit).map((s) => ({ collectionItemType: "REPORTSUITE", ...s }));
    return { json: { content, number: page, size: limit, totalElements: SUITES.length, lastPage: (page + 1) * limit >= SUITES.length, firstPage: page === 0 } };
  });
  fake.route("POST", `/api/${COMPANY.globalCompanyId}/reports`, (req) => {
    const denied = keyed(req);
    if (denied) return denied;
    const body = req.json<{ rsid: string; globalFilters: { type: string; dateRange: string }[]; metricContainer: { metrics: { id: string }[] }; dimension: string; settings?: { limit?: number; page?: number } }>();
    const suite = SUITES.find((s) => s.rsid === body.rsid);
    if (!suite) return { status: 400, json: { errorCode: "invalid_rsid", errorDescription: `Report suite ${body.rsid} does not exist` } };
    const m = /^(\d{4}-\d{2}-\d{2})T00:00:00\.000\/(\d{4}-\d{2}-\d{2})T00:00:00\.000$/.exec(body.globalFilters.find((f) => f.type === "dateRange")?.dateRange ?? "");
    if (!m || !["variables/daterangeday", "variables/lasttouchchannel"].includes(body.dimension)) return { status: 400, json: { errorCode: "invalid_request", errorDescription: "Invalid report request" } };
    const end = DateTime.fromISO(m[2]).minus({ days: 1 }).toISODate()!;
    const all = adobeRows(suite.rsid, m[1], end, body.dimension, body.metricContainer.metrics.map((x) => x.id));
    const limit = body.settings?.limit ?? 50;
    const page = body.settings?.page ?? 0;
    const rows = all.slice(page * limit, (page + 1) * limit);
    return { json: { totalPages: Math.max(1, Math.ceil(all.length / limit)), firstPage: page === 0, lastPage: (page + 1) * limit >= all.length, numberOfElements: rows.length, number: page, totalElements: all.length, columns: { dimension: { id: body.dimension, type: "string" }, columnIds: body.metricContainer.metrics.map((_, i) => String(i)) }, rows } };
  });
  return fake;
}
