// A local X Ads API v12: OAuth 1.0a HMAC-SHA1 signatures checked on every request (RFC 5849
// §3.4), cursor-paged listings, synchronous stats (7-day limit), async stats jobs whose results
// download gzipped, rate-limit headers and X's {"errors":[{code,message}]} bodies.
import { gzipSync } from "node:zlib";
import { DateTime } from "luxon";
import { dayMetrics, hourMetrics, type HourMetrics } from "../../../tests/fakes/support/ads-metrics.js";
import { metricFieldOf } from "../../../tests/fakes/support/field-kinds.js";
import { allocate, fieldValues, type SplitOf } from "../../../tests/fakes/support/field-values.js";
import { X_METRICS } from "./catalogue.data.js";
import { FIELD_BY_ID } from "./fields.js";
import { verifyOAuth1 } from "../../../tests/fakes/support/oauth1-signature.js";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const X_CONSUMER = { clientId: "x-consumer-key-abc", clientSecret: "x-consumer-secret-xyz987" };
export const X_TOKEN = { type: "oauth1" as const, token: "12345-x-access-token-def", tokenSecret: "x-token-secret-uvw654" };

export const X_ACCOUNTS = [
  { id: "18ce54d4x5t", name: "Bay Coffee", timezone: "America/Los_Angeles", currency: "USD" },
  { id: "gq1a2b3c4d", name: "Berlin Books", timezone: "Europe/Berlin", currency: "EUR" },
  { id: "5nn0ldd", name: "Closed Shop", timezone: "Europe/London", currency: "GBP", deleted: true },
];

export const X_CAMPAIGNS: Record<string, { id: string; name: string; entity_status: string; active: boolean }[]> = {
  "18ce54d4x5t": [
    { id: "8wku2", name: "Morning Brew", entity_status: "ACTIVE", active: true },
    { id: "8wku3", name: "Holiday Blend", entity_status: "ACTIVE", active: true },
    { id: "8wku4", name: "Draft idea", entity_status: "DRAFT", active: false },
  ],
  gq1a2b3c4d: [],
};

export type XFailure = "unauthorized" | "rate-limited" | "server-error" | "forbidden";

export interface TwitterFake {
  server: FakeServer;
  baseUrl: string;
  pendingPolls: number;
  /** Page size cap for listings, to exercise cursors. */
  maxCount: number;
  /** Remaining calls advertised in x-account-rate-limit-remaining (undefined: a large number). */
  remaining?: number;
  fail(kind: XFailure, opts?: { path?: RegExp; resetInSeconds?: number }): void;
  close(): Promise<void>;
}

/** True when the client signed the request with the fixture's consumer and token secrets. */
export function validSignature(req: RecordedRequest, origin: string): boolean {
  return verifyOAuth1(req, origin, { consumerKey: X_CONSUMER.clientId, consumerSecret: X_CONSUMER.clientSecret, token: X_TOKEN.token, tokenSecret: X_TOKEN.tokenSecret });
}

const xError = (status: number, code: string, message: string, headers?: Record<string, string>): FakeReply => ({
  status,
  headers,
  json: { errors: [{ code, message }], request: { params: {} } },
});

interface StatsParams {
  accountId: string;
  entity: string;
  ids: string[];
  start: DateTime;
  end: DateTime;
  granularity: "DAY" | "HOUR";
  groups: string[];
  placement: string;
  segmentation?: string;
}

function parseStats(accountId: string, q: URLSearchParams): StatsParams | FakeReply {
  const account = X_ACCOUNTS.find((a) => a.id === accountId);
  if (!account) return xError(404, "NOT_FOUND", "The requested resource was not found");
  const start = DateTime.fromISO(q.get("start_time") ?? "", { zone: account.timezone });
  const end = DateTime.fromISO(q.get("end_time") ?? "", { zone: account.timezone });
  const ids = (q.get("entity_ids") ?? "").split(",").filter(Boolean);
  if (!start.isValid || !end.isValid || start.minute !== 0 || end.minute !== 0) return xError(400, "INVALID_PARAMETER", "start_time and end_time must be expressed in whole hours");
  if (ids.length === 0 || ids.length > 20) return xError(400, "INVALID_PARAMETER", "entity_ids must hold 1 to 20 ids");
  if (q.get("placement") !== "ALL_ON_TWITTER" && q.get("placement") !== "PUBLISHER_NETWORK") return xError(400, "INVALID_PARAMETER", "placement is required");
  const granularity = q.get("granularity") as "DAY" | "HOUR";
  if (granularity === "DAY" && (start.hour !== 0 || end.hour !== 0)) return xError(400, "INVALID_PARAMETER", "DAY granularity needs midnight in the account's timezone");
  return { accountId, entity: q.get("entity") ?? "", ids, start, end, granularity, groups: (q.get("metric_groups") ?? "").split(","), placement: q.get("placement")!, segmentation: q.get("segmentation_type") ?? undefined };
}

const gen = fieldValues("twitter-ads");

/** The modelled series the connector tests assert; every other metric of a group comes from the generator. */
function modelledSeries(per: (HourMetrics | undefined)[], split: (n: number) => number): Record<string, unknown> {
  const arr = (f: (m: HourMetrics) => number) => per.map((m) => (m ? split(f(m)) : 0));
  return {
    impressions: arr((m) => m.impressions),
    clicks: arr((m) => m.clicks),
    url_clicks: arr((m) => Math.floor(m.clicks / 2)),
    engagements: arr((m) => m.clicks * 2),
    billed_charge_local_micro: arr((m) => Math.round(m.cost * 1_000_000)),
    billed_engagements: arr((m) => m.clicks),
    "conversion_purchases.metric": arr((m) => m.conversions),
    "conversion_purchases.post_view": arr(() => 0),
    "conversion_purchases.post_engagement": arr((m) => m.conversions),
    "conversion_sign_ups.metric": arr((m) => (m.conversions > 0 ? 1 : 0)),
    // The fake account tracks no download or custom conversion: X answers null series.
    "conversion_downloads.metric": null,
    "conversion_custom.metric": null,
  };
}

/** The stats JSON of X: per entity, arrays with one value per step; null when nothing delivered. */
export function statsBody(p: StatsParams): unknown {
  const campaigns = X_CAMPAIGNS[p.accountId] ?? [];
  const steps: DateTime[] = [];
  for (let t = p.start; t < p.end; t = p.granularity === "HOUR" ? t.plus({ hours: 1 }) : t.plus({ days: 1 })) steps.push(t);
  const seedOf = (c: { id: string }) => `${p.accountId}/${c.id}${p.placement === "PUBLISHER_NETWORK" ? "/pn" : ""}`;
  const metricsOf = (campaignId: string, t: DateTime): HourMetrics | undefined => {
    const c = campaigns.find((x) => x.id === campaignId);
    if (!c?.active) return undefined;
    // Publisher-network delivery is its own series (seeded apart from delivery on X).
    return p.granularity === "HOUR" ? hourMetrics(seedOf(c), t.toISODate()!, t.hour) : dayMetrics(seedOf(c), t.toISODate()!);
  };
  const members = p.segmentation ? gen.members({ id: `x.${p.segmentation}`, kind: "text" }, 3) : [];
  const series = (id: string, member?: string) => {
    const per = steps.map((t) => {
      if (p.entity === "ACCOUNT") {
        const all = campaigns.map((c) => metricsOf(c.id, t)).filter((m): m is HourMetrics => !!m);
        return all.length ? all.reduce((a, m) => ({ impressions: a.impressions + m.impressions, clicks: a.clicks + m.clicks, cost: a.cost + m.cost, conversions: a.conversions + m.conversions, conversionValue: 0 })) : undefined;
      }
      return metricsOf(id, t);
    });
    if (per.every((m) => !m)) return null;
    const split = (n: number) => (member ? allocate(n, [3, 2, 1])[members.indexOf(member)] : n);
    const modelled = modelledSeries(per, split);
    const seeds = (p.entity === "ACCOUNT" ? campaigns.filter((c) => c.active) : campaigns.filter((c) => c.id === id && c.active)).map(seedOf);
    const cell: SplitOf[] = member ? [{ dimension: p.segmentation!, members, member }] : [];
    const generated = (metric: (typeof X_METRICS)[number]) =>
      steps.map((t, i) => {
        if (!per[i]) return 0;
        const value = gen.metric(metricFieldOf(FIELD_BY_ID.get(metric.id)!, metric.id), { entities: seeds, days: [t.toISODate()!], hours: p.granularity === "HOUR" ? [t.hour] : undefined, cell });
        return value === null ? null : metric.micros ? Math.round(value * 1_000_000) : value;
      });
    const metrics: Record<string, unknown> = {};
    for (const metric of X_METRICS.filter((m) => p.groups.includes(m.group))) {
      const path = metric.sub ? `${metric.key}.${metric.sub}` : metric.key;
      const values = path in modelled ? modelled[path] : generated(metric);
      if (!metric.sub) metrics[metric.key] = values;
      else {
        const object = (metrics[metric.key] ??= {}) as Record<string, unknown>;
        object[metric.sub] = values;
      }
    }
    return metrics;
  };
  return {
    data_type: "stats",
    time_series_length: steps.length,
    data: p.ids.map((id) => {
      if (p.segmentation) {
        return { id, id_data: members.map((member) => ({ segment: { segment_name: member, segment_value: member }, metrics: series(id, member) ?? { impressions: null, clicks: null, billed_charge_local_micro: null } })) };
      }
      const metrics = series(id);
      return { id, id_data: [{ segment: null, metrics: metrics ?? { impressions: null, clicks: null, billed_charge_local_micro: null } }] };
    }),
    request: { params: { entity: p.entity, entity_ids: p.ids, granularity: p.granularity, placement: p.placement } },
  };
}

export async function startTwitterFake(opts: { pendingPolls?: number; maxCount?: number } = {}): Promise<TwitterFake> {
  const server = await startFakeServer();
  const jobs = new Map<string, { params: StatsParams; polls: number }>();
  const rateHeaders = (): Record<string, string> => ({
    "x-rate-limit-limit": "250",
    "x-rate-limit-remaining": "200",
    "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 900),
    "x-account-rate-limit-limit": "250",
    "x-account-rate-limit-remaining": String(fake.remaining ?? 180),
    "x-account-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 1),
  });
  const signed =
    (handler: (req: RecordedRequest) => FakeReply) =>
    (req: RecordedRequest): FakeReply => {
      if (!validSignature(req, server.url)) return xError(401, "UNAUTHORIZED_ACCESS", "This request is not properly authenticated");
      const reply = handler(req);
      if (fake.remaining !== undefined && fake.remaining > 0) fake.remaining -= 1;
      return { ...reply, headers: { ...rateHeaders(), ...reply.headers } };
    };
  const paged = (req: RecordedRequest, items: unknown[]): FakeReply => {
    const count = Math.min(Number(req.query.get("count") ?? 200), fake.maxCount);
    const offset = Number(req.query.get("cursor") ? Buffer.from(req.query.get("cursor")!, "base64url").toString() : 0);
    const next = offset + count < items.length ? Buffer.from(String(offset + count)).toString("base64url") : null;
    return { status: 200, json: { request: { params: {} }, data: items.slice(offset, offset + count), next_cursor: next, total_count: items.length } };
  };

  server.route("GET", "/12/accounts", signed((req) => paged(req, X_ACCOUNTS.map(({ currency: _c, ...a }) => ({ ...a, deleted: a.deleted ?? false, approval_status: "ACCEPTED", business_name: null, timezone_switch_at: "2020-01-01T08:00:00Z" })))));
  server.route("GET", "/12/accounts/:id/funding_instruments", signed((req) => paged(req, [{ id: "lygyi", currency: X_ACCOUNTS.find((a) => a.id === req.params.id)?.currency ?? "USD", deleted: false, entity_status: "ACTIVE" }])));
  server.route("GET", "/12/accounts/:id/campaigns", signed((req) => paged(req, (X_CAMPAIGNS[req.params.id] ?? []).map(({ active: _a, ...c }) => ({ ...c, deleted: false, currency: "USD" })))));
  server.route(
    "GET",
    "/12/stats/accounts/:id/active_entities",
    signed((req) => ({ status: 200, json: { request: { params: {} }, data: (X_CAMPAIGNS[req.params.id] ?? []).filter((c) => c.active).map((c) => ({ entity_id: c.id, activity_start_time: req.query.get("start_time"), activity_end_time: req.query.get("end_time"), placements: ["ALL_ON_TWITTER"] })) } })),
  );
  server.route(
    "GET",
    "/12/stats/accounts/:id",
    signed((req) => {
      const p = parseStats(req.params.id, req.query);
      if (!("ids" in p)) return p;
      if (p.end.diff(p.start, "days").days > 7) return xError(400, "INVALID_PARAMETER", "The time range must be less than or equal to 7 days");
      return { status: 200, json: statsBody(p) };
    }),
  );
  const jobJson = (id: string) => {
    const j = jobs.get(id)!;
    const done = j.polls > fake.pendingPolls;
    return { id: Number(id), id_str: id, status: done ? "SUCCESS" : "PROCESSING", url: done ? `${server.url}/advertiser-api-async-analytics/${id}.json.gz` : null, entity: j.params.entity, granularity: j.params.granularity };
  };
  server.route(
    "POST",
    "/12/stats/jobs/accounts/:id",
    signed((req) => {
      const p = parseStats(req.params.id, req.query);
      if (!("ids" in p)) return p;
      const id = String(1_000_000_000_000 + jobs.size + 1);
      jobs.set(id, { params: p, polls: 0 });
      return { status: 200, json: { request: { params: {} }, data: jobJson(id) } };
    }),
  );
  server.route(
    "GET",
    "/12/stats/jobs/accounts/:id",
    signed((req) => {
      const ids = (req.query.get("job_ids") ?? "").split(",").filter((id) => jobs.has(id));
      for (const id of ids) jobs.get(id)!.polls += 1;
      return { status: 200, json: { request: { params: {} }, data: ids.map(jobJson), next_cursor: null } };
    }),
  );
  // The CDN file: no OAuth, gzipped JSON in the synchronous endpoint's schema.
  server.route("GET", "/advertiser-api-async-analytics/:file", (req) => {
    const j = jobs.get(req.params.file.replace(".json.gz", ""));
    if (!j) return { status: 404, body: "Not Found" };
    return { status: 200, headers: { "content-type": "application/gzip" }, body: gzipSync(JSON.stringify(statsBody(j.params))) };
  });

  const fake: TwitterFake = {
    server,
    baseUrl: `${server.url}/12`,
    pendingPolls: opts.pendingPolls ?? 2,
    maxCount: opts.maxCount ?? 1000,
    fail(kind, o = {}) {
      const reset = String(Math.floor(Date.now() / 1000) + (o.resetInSeconds ?? 1));
      const replies: Record<XFailure, FakeReply> = {
        unauthorized: xError(401, "UNAUTHORIZED_ACCESS", "This request is not properly authenticated"),
        forbidden: xError(403, "INSUFFICIENT_USER_AUTHORIZED_PERMISSION", "User 12345 is not authorized to make this request. Please have them reauthorize."),
        "rate-limited": xError(429, "TOO_MANY_REQUESTS", "Rate limit exceeded", { "x-account-rate-limit-remaining": "0", "x-account-rate-limit-reset": reset, "x-rate-limit-reset": reset }),
        "server-error": xError(503, "SERVICE_UNAVAILABLE", "Service unavailable due to request timeout; please try the request again later"),
      };
      server.once("*", o.path ?? /.*/, replies[kind]);
    },
    close: () => server.close(),
  };
  return fake;
}
