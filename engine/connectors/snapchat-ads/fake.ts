// A local Snapchat Marketing API v1 for connector tests: /me, /me/organizations,
// /organizations/{id}/adaccounts and /adaccounts/{id}/campaigns (limit + paging.next_link cursors),
// /adaccounts/{id}/stats (DAY/HOUR timeseries from start_time to end_time at the account's
// midnights, breakdown=campaign), micro-currency spend and the {request_status: "ERROR"} bodies.
// Wire format: https://developers.snap.com/api/marketing-api/Ads-API/
import { DateTime } from "luxon";
import { activeDays, campaignMetrics, fakeCampaigns, offsetPage, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import { sumMetrics } from "../../../tests/fakes/support/ads-metrics.js";
import { metricFieldOf } from "../../../tests/fakes/support/field-kinds.js";
import { allocate, fieldValues, type SplitOf } from "../../../tests/fakes/support/field-values.js";
import { fieldOf } from "../shared/column-catalogue.js";
import { isMicros, SNAPCHAT_COLUMNS } from "./catalogue.data.js";

const gen = fieldValues("snapchat-ads");
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
    const dimension = req.query.get("report_dimension");
    if (dimension && granularity === "HOUR") return snapError(400, "E1001", "report_dimension is not supported with HOUR granularity");
    const fields = (req.query.get("fields") ?? "impressions").split(",");
    const unknown = fields.find((f) => !SNAPCHAT_COLUMNS[f]);
    if (unknown) return snapError(400, "E1001", `Invalid field: ${unknown}`);
    const days = activeDays(from.toISODate()!, to.minus({ days: 1 }).toISODate()!);
    const points = days.flatMap((day) => (granularity === "HOUR" ? Array.from({ length: 24 }, (_, h) => ({ day, hour: h as number | undefined })) : [{ day, hour: undefined }]));
    const members: string[] = dimension ? gen.members({ id: `snap.${dimension}`, kind: "text" }, 3) : [];
    /** One stats object: the hand model for the five columns the tests assert, the generator for the rest. */
    const statsOf = (campaigns: string[], day: string, hour: number | undefined, child: string | undefined, member: string | undefined) => {
      const m = sumMetrics(campaigns.map((c) => campaignMetrics(c, day, hour)));
      const split = (n: number) => {
        let v = n;
        if (child) v = allocate(v, [2, 1])[Number(child) - 1];
        if (member) v = allocate(v, [3, 2, 1])[members.indexOf(member)];
        return v;
      };
      const known: Record<string, number> = { impressions: split(m.impressions), swipes: split(m.clicks), spend: split(micros(m.cost)), conversion_purchases: split(m.conversions), conversion_purchases_value: split(micros(m.conversionValue)) };
      const cell: SplitOf[] = [...(child ? [{ dimension: "child", members: ["1", "2"], member: child }] : []), ...(member ? [{ dimension: dimension!, members, member }] : [])];
      const out: Record<string, unknown> = {};
      for (const f of fields) {
        if (f in known) out[f] = known[f];
        else {
          const column = SNAPCHAT_COLUMNS[f];
          const value = gen.metric(metricFieldOf(fieldOf(column), f), { entities: campaigns, days: [day], hours: hour === undefined ? undefined : [hour], cell });
          out[f] = value === null ? null : isMicros(f) ? micros(value) : column.fieldType === "PERCENT" ? Math.round(value * 10000) / 100 : value;
        }
      }
      return out;
    };
    const timeseries = (campaigns: string[], child?: string) =>
      points.map(({ day, hour }) => {
        const start = DateTime.fromISO(day, { zone: account.timezone }).plus({ hours: hour ?? 0 });
        const point: Record<string, unknown> = { start_time: start.toISO(), end_time: start.plus(hour === undefined ? { days: 1 } : { hours: 1 }).toISO() };
        if (dimension) point.dimension_stats = members.map((member) => ({ [dimension]: member, ...statsOf(campaigns, day, hour, child, member) }));
        else point.stats = statsOf(campaigns, day, hour, child, undefined);
        return point;
      });
    const stat: Record<string, unknown> = { id: account.id, type: "AD_ACCOUNT", granularity, start_time: from.toISO(), end_time: to.toISO() };
    const breakdown = req.query.get("breakdown");
    const campaigns = fakeCampaigns(account.id);
    if (breakdown === "campaign") stat.breakdown_stats = { campaign: campaigns.map((c) => ({ id: c.id, type: "CAMPAIGN", timeseries: timeseries([c.id]) })) };
    else if (breakdown === "adsquad" || breakdown === "ad") {
      // Two ad squads per campaign (and one ad per ad squad), the first twice the second.
      stat.breakdown_stats = { [breakdown]: campaigns.flatMap((c) => ["1", "2"].map((child) => ({ id: `${c.id}-${breakdown}-${child}`, type: breakdown.toUpperCase(), timeseries: timeseries([c.id], child) }))) };
    } else stat.timeseries = timeseries(campaigns.map((c) => c.id));
    return { json: { request_status: "SUCCESS", request_id: "r2", timeseries_stats: [{ sub_request_status: "SUCCESS", timeseries_stat: stat }] } };
  });
  return fake;
}
