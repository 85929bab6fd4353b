// A local Snapchat Marketing API v1 for connector tests: /me, /me/organizations,
// /organizations/{id}/adaccounts and /adaccounts/{id}/campaigns (limit + paging.next_link cursors),
// /adaccounts/{id}/stats (DAY/HOUR timeseries from start_time to end_time at the account's
// midnights, breakdown=campaign), micro-currency spend and the {request_status: "ERROR"} bodies.
// Wire format: https://developers.snap.com/api/marketing-api/Ads-API/
import { DateTime } from "luxon";
import { accountMetrics, activeDays, campaignMetrics, fakeCampaigns, offsetPage, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import type { FakeReply, RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const snapError = (status: number, code: string, message: string): FakeReply => ({
  status,
  json: { request_status: "ERROR", request_id: "5f3c2a", debug_message: message, display_message: message, error_code: code },
});
export const SNAPCHAT_UNAUTHORIZED = snapError(401, "E1003", "Unauthorized: the access token is invalid or expired");

export const ORGANIZATION = { id: "8d0b6a2e-org", name: "Signal Org" };
export const AD_ACCOUNTS = [
  { id: "a1b2c3-la", name: "Signal LA", timezone: "America/Los_Angeles", currency: "USD", status: "ACTIVE" },
  { id: "d4e5f6-paris", name: "Signal Paris", timezone: "Europe/Paris", currency: "EUR", status: "ACTIVE" },
];

const micros = (n: number) => Math.round(n * 1_000_000);

export async function startSnapchatFake(): Promise<AdsFake> {
  const fake = await startAdsFake({ name: "snap", basePath: "/v1", tokenPath: "/login/oauth2/access_token", unauthorized: () => SNAPCHAT_UNAUTHORIZED });
  /** A listing page with Snapchat's next_link (an absolute URL carrying the cursor). */
  const listed = <T>(req: RecordedRequest, key: string, items: T[]) => {
    const page = offsetPage(items, Number(req.query.get("cursor") ?? 0), Math.min(fake.options.pageSize, Number(req.query.get("limit") ?? 50)));
    const next = page.next === undefined ? undefined : `${fake.server.url}${req.path}?limit=${req.query.get("limit") ?? 50}&cursor=${page.next}`;
    return { json: { request_status: "SUCCESS", request_id: "r1", paging: next ? { next_link: next } : {}, [key]: page.items } };
  };

  fake.route("GET", "/me", () => ({ json: { request_status: "SUCCESS", me: { id: "u1", email: "ads@signalpost.test", display_name: "Signal Ads", organization_id: ORGANIZATION.id } } }));
  fake.route("GET", "/me/organizations", (req) => listed(req, "organizations", [{ sub_request_status: "SUCCESS", organization: ORGANIZATION }]));
  fake.route("GET", "/organizations/:id/adaccounts", (req) => listed(req, "adaccounts", AD_ACCOUNTS.map((a) => ({ sub_request_status: "SUCCESS", adaccount: { ...a, organization_id: ORGANIZATION.id, type: "PARTNER" } }))));
  fake.route("GET", "/adaccounts/:id/campaigns", (req) =>
    listed(req, "campaigns", fakeCampaigns(req.params.id).map((c) => ({ sub_request_status: "SUCCESS", campaign: { ...c, ad_account_id: req.params.id } }))),
  );
  fake.route("GET", "/adaccounts/:id/stats", (req) => {
    const account = AD_ACCOUNTS.find((a) => a.id === req.params.id)!;
    const granularity = req.query.get("granularity");
    const from = DateTime.fromISO(req.query.get("start_time")!, { setZone: true }).setZone(account.timezone);
    const to = DateTime.fromISO(req.query.get("end_time")!, { setZone: true }).setZone(account.timezone);
    if (from.hour !== 0 || to.hour !== 0) return snapError(400, "E1008", "start_time and end_time must be at the ad account's midnight");
    const days = activeDays(from.toISODate()!, to.minus({ days: 1 }).toISODate()!);
    const points = days.flatMap((day) => (granularity === "HOUR" ? Array.from({ length: 24 }, (_, h) => ({ day, hour: h as number | undefined })) : [{ day, hour: undefined }]));
    const timeseries = (metrics: (day: string, hour?: number) => ReturnType<typeof accountMetrics>) =>
      points.map(({ day, hour }) => {
        const start = DateTime.fromISO(day, { zone: account.timezone }).plus({ hours: hour ?? 0 });
        const m = metrics(day, hour);
        return {
          start_time: start.toISO(),
          end_time: start.plus(hour === undefined ? { days: 1 } : { hours: 1 }).toISO(),
          stats: { impressions: m.impressions, swipes: m.clicks, spend: micros(m.cost), conversion_purchases: m.conversions, conversion_purchases_value: micros(m.conversionValue) },
        };
      });
    const stat: Record<string, unknown> = { id: account.id, type: "AD_ACCOUNT", granularity, start_time: from.toISO(), end_time: to.toISO() };
    if (req.query.get("breakdown") === "campaign") {
      stat.breakdown_stats = { campaign: fakeCampaigns(account.id).map((c) => ({ id: c.id, type: "CAMPAIGN", timeseries: timeseries((d, h) => campaignMetrics(c.id, d, h)) })) };
    } else stat.timeseries = timeseries((d, h) => accountMetrics(account.id, d, h));
    return { json: { request_status: "SUCCESS", request_id: "r2", timeseries_stats: [{ sub_request_status: "SUCCESS", timeseries_stat: stat }] } };
  });
  return fake;
}
