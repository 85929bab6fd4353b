// A local Reddit Ads API v3 for connector tests: /me, /me/businesses, /businesses/{id}/ad_accounts,
// /ad_accounts/{id}/campaigns (page_size + pagination.next_url) and POST /ad_accounts/{id}/reports
// ({data: {breakdowns, fields, starts_at, ends_at, time_zone_id}} -> {data: {metrics}, pagination}),
// micro-currency spend, the required User-Agent and {error: {code, message}} bodies.
// Wire format: https://ads-api.reddit.com/docs/v3/
import { DateTime } from "luxon";
import { accountMetrics, activeDays, campaignMetrics, fakeCampaigns, offsetPage, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import type { FakeReply, RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const redditError = (status: number, message: string): FakeReply => ({ status, json: { error: { code: status, message } } });
export const REDDIT_UNAUTHORIZED = redditError(401, "Unauthorized: invalid or expired access token");

export const BUSINESS = { id: "biz-7f3a", name: "Signal Business" };
export const AD_ACCOUNTS = [
  { id: "t2_signal_ny", name: "Signal NY", currency: "USD", time_zone_id: "America/New_York" },
  { id: "t2_signal_ber", name: "Signal Berlin", currency: "EUR", time_zone_id: "Europe/Berlin" },
];

export async function startRedditFake(): Promise<AdsFake> {
  const fake = await startAdsFake({ name: "reddit", basePath: "/api/v3", tokenPath: "/api/v1/access_token", clientAuth: "basic", unauthorized: () => REDDIT_UNAUTHORIZED });
  const page = <T>(req: RecordedRequest, items: T[]) => {
    const p = offsetPage(items, Number(req.query.get("page.token") ?? 0), Math.min(fake.options.pageSize, Number(req.query.get("page_size") ?? 100)));
    return { data: p.items, pagination: { next_url: p.next === undefined ? null : `${fake.server.url}${req.path}?page_size=${req.query.get("page_size") ?? 100}&page.token=${p.next}` } };
  };
  const route = (method: string, path: string, handler: (req: RecordedRequest) => FakeReply) =>
    fake.route(method, path, (req) => (String(req.headers["user-agent"] ?? "").startsWith("Signalpost/") ? handler(req) : redditError(429, "Too Many Requests: set a descriptive User-Agent")));

  route("GET", "/me", () => ({ json: { data: { id: "t2_u1", username: "signal_ads" } } }));
  route("GET", "/me/businesses", (req) => ({ json: page(req, [BUSINESS]) }));
  route("GET", "/businesses/:id/ad_accounts", (req) => ({ json: page(req, AD_ACCOUNTS) }));
  route("GET", "/ad_accounts/:id/campaigns", (req) => ({ json: page(req, fakeCampaigns(req.params.id).map((c) => ({ id: c.id, name: c.name, configured_status: c.status }))) }));
  route("POST", "/ad_accounts/:id/reports", (req) => {
    const { data } = req.json<{ data: { breakdowns: string[]; fields: string[]; starts_at: string; ends_at: string; time_zone_id: string } }>();
    const hourly = data.breakdowns.includes("HOUR");
    if (hourly && data.breakdowns.includes("DATE")) return redditError(400, "HOUR and DATE breakdowns cannot be combined");
    const byCampaign = data.breakdowns.includes("CAMPAIGN_ID");
    const rows = activeDays(data.starts_at.slice(0, 10), data.ends_at.slice(0, 10)).flatMap((day) =>
      (hourly ? Array.from({ length: 24 }, (_, h) => h as number | undefined) : [undefined]).flatMap((hour) =>
        (byCampaign ? fakeCampaigns(req.params.id) : [undefined]).map((c) => {
          const m = c ? campaignMetrics(c.id, day, hour) : accountMetrics(req.params.id, day, hour);
          const when = hour === undefined ? { date: day } : { hour: DateTime.fromISO(day, { zone: data.time_zone_id }).plus({ hours: hour }).toISO() };
          return { ...when, ...(c ? { campaign_id: c.id } : {}), impressions: m.impressions, clicks: m.clicks, spend: Math.round(m.cost * 1_000_000), key_conversion_total_count: m.conversions };
        }),
      ),
    );
    const p = page(req, rows);
    return { json: { data: { metrics: p.data }, pagination: p.pagination } };
  });
  return fake;
}
