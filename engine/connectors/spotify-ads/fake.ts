// A local Spotify Ads API v3 for connector tests: /businesses and /businesses/{id}/ad_accounts
// (offset/limit), /ad_accounts/{id}/aggregate_reports (entity_type CAMPAIGN, DAY or HOUR rows with
// [{field_type, field_value}] stats, continuation_token paging) and Spotify's {error: {status,
// message}} bodies. Wire format: https://developer.spotify.com/documentation/ads-api
import { DateTime } from "luxon";
import { activeDays, campaignMetrics, fakeCampaigns, offsetPage, startAdsFake, type AdsFake } from "../../../tests/fakes/support/ads-family.js";
import type { FakeReply, RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const spotifyError = (status: number, message: string): FakeReply => ({ status, json: { error: { status, message } } });
export const SPOTIFY_UNAUTHORIZED = spotifyError(401, "The access token expired");

export const BUSINESS = { id: "b-5c1e", name: "Signal Audio" };
export const AD_ACCOUNTS = [
  { id: "aa-0001", name: "Signal Podcasts", currency: "EUR", timezone: "Europe/Stockholm", status: "ACTIVE" },
  { id: "aa-0002", name: "Signal Music US", currency: "USD", timezone: "America/New_York", status: "ACTIVE" },
];

/** Reach of a campaign on a day: a fraction of its impressions. */
export const reachOf = (impressions: number) => Math.floor(impressions * 0.6);

const listed = (fake: AdsFake, req: RecordedRequest, key: string, items: unknown[]) => ({
  json: { [key]: offsetPage(items, Number(req.query.get("offset") ?? 0), Math.min(fake.options.pageSize, Number(req.query.get("limit") ?? 50))).items },
});

export async function startSpotifyFake(): Promise<AdsFake> {
  const fake = await startAdsFake({ name: "spotify", basePath: "/ads/v3", tokenPath: "/api/token", clientAuth: "basic", unauthorized: () => SPOTIFY_UNAUTHORIZED });
  fake.route("GET", "/businesses", (req) => listed(fake, req, "businesses", [BUSINESS]));
  fake.route("GET", "/businesses/:id/ad_accounts", (req) => listed(fake, req, "ad_accounts", req.params.id === BUSINESS.id ? AD_ACCOUNTS : []));
  fake.route("GET", "/ad_accounts/:id/aggregate_reports", (req) => {
    const account = AD_ACCOUNTS.find((a) => a.id === req.params.id)!;
    if (req.query.get("entity_type") !== "CAMPAIGN") return spotifyError(400, "entity_type must be one of CAMPAIGN, AD_SET, AD");
    const from = DateTime.fromISO(req.query.get("report_start")!, { setZone: true }).setZone(account.timezone);
    const to = DateTime.fromISO(req.query.get("report_end")!, { setZone: true }).setZone(account.timezone);
    const hourly = req.query.get("granularity") === "HOUR";
    const rows = activeDays(from.toISODate()!, to.minus({ days: 1 }).toISODate()!).flatMap((day) =>
      (hourly ? Array.from({ length: 24 }, (_, h) => h as number | undefined) : [undefined]).flatMap((hour) =>
        fakeCampaigns(account.id).map((c) => {
          const m = campaignMetrics(c.id, day, hour);
          const start = DateTime.fromISO(day, { zone: account.timezone }).plus({ hours: hour ?? 0 });
          return {
            entity_id: c.id,
            entity_name: c.name,
            entity_type: "CAMPAIGN",
            entity_status: c.status,
            start_time: start.toISO(),
            end_time: start.plus(hour === undefined ? { days: 1 } : { hours: 1 }).toISO(),
            stats: [
              { field_type: "IMPRESSIONS", field_value: m.impressions },
              { field_type: "CLICKS", field_value: m.clicks },
              { field_type: "SPEND", field_value: m.cost },
              { field_type: "REACH", field_value: reachOf(m.impressions) },
              { field_type: "STREAMS", field_value: m.conversions },
              { field_type: "COMPLETES", field_value: m.clicks * 3 },
            ],
          };
        }),
      ),
    );
    const page = offsetPage(rows, Number(req.query.get("continuation_token") ?? 0), Math.min(fake.options.pageSize, Number(req.query.get("limit") ?? 50)));
    return { json: { rows: page.items, continuation_token: page.next === undefined ? null : String(page.next) } };
  });
  return fake;
}
