// A local TikTok Business API v1.3: Access-Token header, the {code,message,request_id,data}
// envelope (errors as HTTP 200 with a code), JSON-array query parameters, BASIC integrated
// reports with page/page_size and range limits, advertiser listing and info.
import { dayMetrics, daysBetween, hourMetrics, sumMetrics, type HourMetrics } from "../../../tests/fakes/support/ads-metrics.js";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { generatedValue } from "../../../tests/fakes/support/field-kinds.js";
import { allocate, fieldValues } from "../../../tests/fakes/support/field-values.js";
import { fieldOf } from "../shared/column-catalogue.js";
import { TIKTOK_COLUMNS } from "./catalogue.data.js";

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

const gen = fieldValues("tik-tok");

/** Members of the audience breakdowns the fake answers; others get generated labels. */
const AUDIENCE_MEMBERS: Record<string, string[]> = { age: ["AGE_18_24", "AGE_25_34", "AGE_35_44"], gender: ["MALE", "FEMALE"], platform: ["ANDROID", "IOS"], country_code: ["JP", "US", "FR"] };
const membersOf = (dimension: string) => AUDIENCE_MEMBERS[dimension] ?? gen.members({ id: dimension, kind: "text" }, 2);
const AUDIENCE_DIMENSIONS = new Set(["age", "gender", "country_code", "province_id", "dma_id", "language", "platform", "ac", "interest_category", "interest_category_v2", "device_brand_id", "placement"]);

/** The members of each requested breakdown, crossed: [{age: AGE_18_24, gender: MALE}, ...]. */
function crossed(dimensions: string[]): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const d of dimensions) out = out.flatMap((o) => membersOf(d).map((m) => ({ ...o, [d]: m })));
  return out;
}

/** A count split over the members of the breakdowns: whole units, weighted 1, 2, 3 by member order, adding up. */
function splitCount(n: number, cell: Record<string, string>): number {
  let v = n;
  for (const [d, m] of Object.entries(cell)) {
    const members = membersOf(d);
    v = allocate(v, members.map((_, i) => i + 1))[members.indexOf(m)];
  }
  return v;
}

/** How TikTok writes a generated metric: percentages as "1.23", money with two decimals, counts whole. */
function written(name: string, value: number | null): string {
  if (value === null) return "-";
  const column = TIKTOK_COLUMNS[name];
  if (column.fieldType === "PERCENT") return (value * 100).toFixed(2);
  if (column.fieldType === "CURRENCY") return value.toFixed(2);
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

function reportRows(q: URLSearchParams): Record<string, unknown>[] | FakeReply {
  const advertiserId = q.get("advertiser_id") ?? "";
  const dimensions = JSON.parse(q.get("dimensions") ?? "[]") as string[];
  const metrics = JSON.parse(q.get("metrics") ?? "[]") as string[];
  const start = q.get("start_date") ?? "";
  const end = q.get("end_date") ?? "";
  const days = daysBetween(start, end);
  const reportType = q.get("report_type");
  if (reportType !== "BASIC" && reportType !== "AUDIENCE") return envelope(40002, "report_type: Field must be set to one of the following: BASIC, AUDIENCE, PLAYABLE_MATERIAL, CATALOG");
  const breakdowns = dimensions.filter((d) => AUDIENCE_DIMENSIONS.has(d));
  if (reportType === "BASIC" && breakdowns.length > 0) return envelope(40002, `dimensions: ${breakdowns[0]} is only available in AUDIENCE reports.`);
  if (reportType === "AUDIENCE" && dimensions.includes("stat_time_hour")) return envelope(40002, "stat_time_hour is not supported by AUDIENCE reports.");
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
      for (const cell of crossed(breakdowns)) {
        const whole = slice.date ? metricsOf(e, slice.date, slice.hour) : sumMetrics(days.map((d) => metricsOf(e, d)));
        const m = { impressions: splitCount(whole.impressions, cell), clicks: splitCount(whole.clicks, cell), cost: splitCount(Math.round(whole.cost * 100), cell) / 100, conversions: splitCount(whole.conversions, cell) };
        // An ad group has one ad (its id is the ad group's with a 9 appended).
        const d: Record<string, unknown> = { advertiser_id: advertiserId, campaign_id: e.campaign?.id, adgroup_id: e.adgroup, ad_id: e.adgroup ? `${e.adgroup}9` : undefined, ...cell };
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
          adgroup_id: e.adgroup ?? "-",
          adgroup_name: e.adgroup ? `${e.campaign?.name} / ${e.adgroup.slice(-3)}` : "-",
          currency: TT_ADVERTISERS.find((a) => a.advertiser_id === advertiserId)?.currency ?? "-",
        };
        const seeds = e.adgroup ? [`${e.advertiserId}/${e.adgroup}`] : (e.campaign ? [e.campaign] : campaigns).flatMap((c) => c.adgroups.map((a) => `${e.advertiserId}/${a}`));
        const scope = { entities: seeds, days: slice.date ? [slice.date] : days, hours: slice.hour === undefined ? undefined : [slice.hour], cell: Object.entries(cell).map(([dimension, member]) => ({ dimension, members: membersOf(dimension), member })) };
        const value = (name: string) => {
          if (name in all) return all[name];
          const column = TIKTOK_COLUMNS[name];
          if (!column) return "-";
          const v = generatedValue(gen, fieldOf(column), scope, seeds.join("+"), name);
          return column.kind === "metric" ? written(name, v as number | null) : String(v);
        };
        rows.push({ dimensions: Object.fromEntries(dimensions.map((k) => [k, d[k]])), metrics: Object.fromEntries(metrics.map((k) => [k, value(k)])) });
      }
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
