// A local TikTok Business API v1.3: Access-Token header, the {code,message,request_id,data}
// envelope (errors as HTTP 200 with a code), JSON-array query parameters, BASIC integrated
// reports with page/page_size and range limits, advertiser listing and info.
import { dayMetrics, daysBetween, hourMetrics, sumMetrics, type HourMetrics } from "../../../tests/fakes/support/ads-metrics.js";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const TT_TOKEN = "tt-long-term-access-token-4f1e2d";
export const TT_APP = { clientId: "7012345678901234567", clientSecret: "tt-app-secret-9a8b7c" };

export const TT_ADVERTISERS = [
  { advertiser_id: "7100000000000000001", name: "Tokyo Tea", currency: "JPY", timezone: "Etc/GMT-9", display_timezone: "Asia/Tokyo", status: "STATUS_ENABLE" },
  { advertiser_id: "7100000000000000002", name: "Austin Tacos", currency: "USD", timezone: "Etc/GMT+6", display_timezone: "America/Chicago", status: "STATUS_ENABLE" },
];

export const TT_CAMPAIGNS: Record<string, { id: string; name: string; objective: string; adgroups: string[] }[]> = {
  "7100000000000000001": [
    { id: "1780000000000000011", name: "Matcha Launch", objective: "CONVERSIONS", adgroups: ["1790000000000000111"] },
    { id: "1780000000000000012", name: "Brand Reach", objective: "REACH", adgroups: ["1790000000000000121", "1790000000000000122"] },
  ],
  "7100000000000000002": [],
};

export type TikTokFailure = "token-revoked" | "rate-limited-code" | "system-code" | "permission" | "http-429" | "http-500";

export interface TikTokFake {
  server: FakeServer;
  baseUrl: string;
  /** Caps page_size, to exercise paging. */
  maxPageSize: number;
  fail(kind: TikTokFailure, opts?: { path?: RegExp }): void;
  close(): Promise<void>;
}

let requestCounter = 0;
const envelope = (code: number, message: string, data: unknown = {}): FakeReply => ({
  status: 200,
  json: { code, message, request_id: `2025030112000${String(++requestCounter).padStart(4, "0")}`, data },
});
export const ok = (data: unknown) => envelope(0, "OK", data);

const money = (n: number) => n.toFixed(2);

interface Entity {
  advertiserId: string;
  campaign?: (typeof TT_CAMPAIGNS)[string][number];
  adgroup?: string;
}

function metricsOf(e: Entity, date: string, hour?: number): HourMetrics {
  const seeds = e.adgroup ? [`${e.advertiserId}/${e.adgroup}`] : (e.campaign ? [e.campaign] : TT_CAMPAIGNS[e.advertiserId]).flatMap((c) => c.adgroups.map((a) => `${e.advertiserId}/${a}`));
  return sumMetrics(seeds.map((s) => (hour === undefined ? dayMetrics(s, date) : hourMetrics(s, date, hour))));
}

function reportRows(q: URLSearchParams): Record<string, unknown>[] | FakeReply {
  const advertiserId = q.get("advertiser_id") ?? "";
  const dimensions = JSON.parse(q.get("dimensions") ?? "[]") as string[];
  const metrics = JSON.parse(q.get("metrics") ?? "[]") as string[];
  const start = q.get("start_date") ?? "";
  const end = q.get("end_date") ?? "";
  const days = daysBetween(start, end);
  if (q.get("report_type") !== "BASIC") return envelope(40002, "report_type: Field must be set to one of the following: BASIC, AUDIENCE, PLAYABLE_MATERIAL, CATALOG");
  if (dimensions.includes("stat_time_hour") && days.length > 1) return envelope(40002, "The time range cannot exceed 1 day when the dimension is stat_time_hour.");
  if (dimensions.includes("stat_time_day") && days.length > 30) return envelope(40002, "The time range cannot exceed 30 days when the dimension is stat_time_day.");
  const campaigns = TT_CAMPAIGNS[advertiserId] ?? [];
  const level = q.get("data_level");
  const entities: Entity[] =
    level === "AUCTION_ADVERTISER"
      ? campaigns.length
        ? [{ advertiserId }]
        : []
      : level === "AUCTION_CAMPAIGN"
        ? campaigns.map((campaign) => ({ advertiserId, campaign }))
        : campaigns.flatMap((campaign) => campaign.adgroups.map((adgroup) => ({ advertiserId, campaign, adgroup })));
  const slices: { date: string; hour?: number; stamp?: string }[] = dimensions.includes("stat_time_hour")
    ? days.flatMap((date) => Array.from({ length: 24 }, (_, hour) => ({ date, hour, stamp: `${date} ${String(hour).padStart(2, "0")}:00:00` })))
    : dimensions.includes("stat_time_day")
      ? days.map((date) => ({ date, stamp: `${date} 00:00:00` }))
      : [{ date: "" }];
  const rows: Record<string, unknown>[] = [];
  for (const slice of slices) {
    for (const e of entities) {
      const m = slice.date ? metricsOf(e, slice.date, slice.hour) : sumMetrics(days.map((d) => metricsOf(e, d)));
      const d: Record<string, unknown> = { advertiser_id: advertiserId, campaign_id: e.campaign?.id, adgroup_id: e.adgroup };
      if (slice.stamp) d[dimensions.includes("stat_time_hour") ? "stat_time_hour" : "stat_time_day"] = slice.stamp;
      const all: Record<string, unknown> = {
        impressions: String(m.impressions),
        clicks: String(m.clicks),
        spend: money(m.cost),
        conversion: String(m.conversions),
        reach: slice.hour === undefined ? String(Math.floor(m.impressions * 0.6)) : "-",
        video_play_actions: String(m.impressions * 3),
        ctr: m.impressions ? ((m.clicks / m.impressions) * 100).toFixed(2) : "0.00",
        cpc: m.clicks ? money(m.cost / m.clicks) : "0.00",
        cpm: m.impressions ? money((m.cost / m.impressions) * 1000) : "0.00",
        campaign_name: e.campaign?.name ?? "-",
        objective_type: e.campaign?.objective ?? "-",
        campaign_id: e.campaign?.id ?? "-",
        adgroup_name: e.adgroup ? `${e.campaign?.name} / ${e.adgroup.slice(-3)}` : "-",
      };
      rows.push({ dimensions: Object.fromEntries(dimensions.map((k) => [k, d[k]])), metrics: Object.fromEntries(metrics.map((k) => [k, all[k] ?? "-"])) });
    }
  }
  return rows;
}

export async function startTikTokFake(): Promise<TikTokFake> {
  const server = await startFakeServer();
  const prefix = "/open_api/v1.3";
  const authed =
    (handler: (req: RecordedRequest) => FakeReply) =>
    (req: RecordedRequest): FakeReply =>
      req.headers["access-token"] === TT_TOKEN ? handler(req) : envelope(40105, "Access token is incorrect or has been revoked.");

  server.route("POST", `${prefix}/oauth2/access_token/`, (req) => {
    const body = req.json<{ app_id?: string; secret?: string; auth_code?: string }>();
    if (body.app_id !== TT_APP.clientId || body.secret !== TT_APP.clientSecret) return envelope(40101, "Invalid app_id or secret.");
    if (body.auth_code !== "tt-auth-code-1") return envelope(40110, "Authorization code is expired.");
    return ok({ access_token: TT_TOKEN, advertiser_ids: TT_ADVERTISERS.map((a) => a.advertiser_id), scope: [4, 5] });
  });
  server.route("GET", `${prefix}/user/info/`, authed(() => ok({ id: "6900000000000000001", display_name: "Mika", email: "mika@example.com", create_time: 1600000000 })));
  server.route(
    "GET",
    `${prefix}/oauth2/advertiser/get/`,
    authed((req) => {
      if (req.query.get("app_id") !== TT_APP.clientId || req.query.get("secret") !== TT_APP.clientSecret) return envelope(40101, "Invalid app_id or secret.");
      return ok({ list: TT_ADVERTISERS.map((a) => ({ advertiser_id: a.advertiser_id, advertiser_name: a.name })) });
    }),
  );
  server.route(
    "GET",
    `${prefix}/advertiser/info/`,
    authed((req) => {
      const ids = JSON.parse(req.query.get("advertiser_ids") ?? "[]") as string[];
      return ok({ list: TT_ADVERTISERS.filter((a) => ids.includes(a.advertiser_id)) });
    }),
  );
  server.route(
    "GET",
    `${prefix}/report/integrated/get/`,
    authed((req) => {
      const rows = reportRows(req.query);
      if (!Array.isArray(rows)) return rows;
      const page = Number(req.query.get("page") ?? 1);
      const size = Math.min(Number(req.query.get("page_size") ?? 10), fake.maxPageSize);
      return ok({ list: rows.slice((page - 1) * size, page * size), page_info: { page, page_size: size, total_number: rows.length, total_page: Math.ceil(rows.length / size) } });
    }),
  );

  const fake: TikTokFake = {
    server,
    baseUrl: `${server.url}${prefix}`,
    maxPageSize: 1000,
    fail(kind, o = {}) {
      const replies: Record<TikTokFailure, FakeReply> = {
        "token-revoked": envelope(40105, "Access token is incorrect or has been revoked."),
        "rate-limited-code": envelope(40100, "Too many requests. Please retry in some time."),
        "system-code": envelope(50000, "System error, please try again later."),
        permission: envelope(40001, "No permission to operate advertiser 7100000000000000001."),
        "http-429": { status: 429, headers: { "retry-after": "1" }, json: { code: 40100, message: "Too many requests." } },
        "http-500": { status: 500, json: { code: 50000, message: "Internal error" } },
      };
      server.once("*", o.path ?? /.*/, replies[kind]);
    },
    close: () => server.close(),
  };
  return fake;
}
