// A local Klaviyo API: Klaviyo-API-Key auth with a required revision header, JSON:API listings
// (/api/accounts, /api/metrics, /api/campaigns with its mandatory channel filter, /api/flows)
// paged through links.next with page[cursor], POST /api/metric-aggregates answering bucket
// dates and measurement arrays per `by` group (paged with page_cursor), and Klaviyo's error body
// {errors: [{id, status, code, title, detail}]} including 429 with Retry-After.
import { DateTime } from "luxon";
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";

export const KLAVIYO_FAKE_KEY = "pk_fake_7c1e9a2b3d4f5a6b7c8d9e0f1a2b3c4d5e";
export const KLAVIYO_FAKE_TIMEZONE = "America/Chicago";

export const FAKE_METRICS = [
  { id: "RcvdEm", name: "Received Email" },
  { id: "OpndEm", name: "Opened Email" },
  { id: "ClkdEm", name: "Clicked Email" },
  { id: "BncdEm", name: "Bounced Email" },
  { id: "UnsubEm", name: "Unsubscribed from Email Marketing" },
  { id: "PlcdOr", name: "Placed Order" },
  { id: "VwdPrd", name: "Viewed Product" },
];

export const FAKE_CAMPAIGNS = [
  { id: "01JCAMPAIGNWINTERSALE000001", name: "Winter sale" },
  { id: "01JCAMPAIGNNEWSLETTER000002", name: "January newsletter" },
];
export const FAKE_FLOWS = [
  { id: "FlWelcome", name: "Welcome series" },
  { id: "FlAbandon", name: "Abandoned cart" },
];

const BASE: Record<string, number> = { RcvdEm: 40, OpndEm: 20, ClkdEm: 6, BncdEm: 2, UnsubEm: 1, PlcdOr: 3, VwdPrd: 30 };
/** Share of events per group: two campaigns / two flows, and events outside any ("" group). */
const SHARE = [0.5, 0.3, 0.2];

/** Events of one metric in one local hour for one group index (0, 1 = campaign or flow, 2 = none). Deterministic. */
export function fakeCount(metricId: string, date: string, hour: number, group: number): number {
  if (hour < 8 || hour > 20) return 0;
  const day = Number(date.slice(8, 10));
  return Math.floor((BASE[metricId] ?? 0) * SHARE[group] * (((day + hour) % 3) + 1));
}

export const fakeUnique = (count: number) => Math.ceil(count * 0.6);
export const FAKE_ORDER_VALUE = 40;

export type KlaviyoFailure = "unauthorized" | "forbidden" | "rateLimited" | "serverError";

export interface KlaviyoFake {
  server: FakeServer;
  url: string;
  failNext(failure: KlaviyoFailure, opts?: { method?: string; path?: string; retryAfterSeconds?: number }): void;
  aggregateRequests(): { metric_id: string; measurements: string[]; interval: string; filter: string[]; timezone: string; by?: string[]; page_cursor?: string }[];
  close(): Promise<void>;
}

const errorBody = (status: number, code: string, title: string, detail: string): FakeReply => ({
  status,
  json: { errors: [{ id: "e4eebb08-b055-4a6f-bb13-c8cb69c9eb94", status, code, title, detail, source: { pointer: "/data/" }, links: {}, meta: {} }] },
});

const encode = (n: number) => Buffer.from(`offset:${n}`).toString("base64url");
const decode = (cursor: string | null | undefined) => (cursor ? Number(Buffer.from(cursor, "base64url").toString().split(":")[1]) : 0);

export interface KlaviyoFakeOptions {
  key?: string;
  listPageSize?: number;
  aggregatePageSize?: number;
  /**
   * How bucket dates are written: "utc-label" (Klaviyo's way, the local bucket start with a +00:00
   * offset) or "instant" (the bucket start as a true instant with the zone's offset).
   */
  dateLabels?: "utc-label" | "instant";
  /** Leave `dimensions` out of rows of queries without `by`, as some answers do. */
  omitEmptyDimensions?: boolean;
}

export async function startKlaviyoFake(options: KlaviyoFakeOptions = {}): Promise<KlaviyoFake> {
  const server = await startFakeServer();
  const key = options.key ?? KLAVIYO_FAKE_KEY;
  const listPageSize = options.listPageSize ?? 4;
  const aggregatePageSize = options.aggregatePageSize ?? 500;

  const guard = (req: RecordedRequest): FakeReply | undefined => {
    if (req.headers.authorization !== `Klaviyo-API-Key ${key}`) {
      return errorBody(401, "not_authenticated", "Authentication credentials were not provided.", "Missing or invalid private key.");
    }
    if (!req.headers.revision) return errorBody(400, "invalid", "Invalid input.", "A revision header is required.");
    return undefined;
  };

  /** A JSON:API listing paged with page[cursor] and absolute links.next. */
  const listing = (req: RecordedRequest, type: string, items: { id: string; attributes: object }[]): FakeReply => {
    const offset = decode(req.query.get("page[cursor]"));
    const page = items.slice(offset, offset + listPageSize);
    const next = offset + listPageSize < items.length ? `${server.url}${req.path}?page[cursor]=${encode(offset + listPageSize)}` : null;
    return { json: { data: page.map((i) => ({ type, id: i.id, attributes: i.attributes, links: { self: `${server.url}${req.path}/${i.id}/` } })), links: { self: `${server.url}${req.path}`, next, prev: null } } };
  };

  server.route("GET", "/api/accounts", (req) =>
    guard(req) ?? {
      json: {
        data: [
          {
            type: "account",
            id: "XyZ123",
            attributes: {
              test_account: false,
              contact_information: { default_sender_name: "Signalpost Shop", default_sender_email: "hello@signalpost.example", organization_name: "Signalpost Shop" },
              industry: "Retail",
              timezone: KLAVIYO_FAKE_TIMEZONE,
              preferred_currency: "USD",
              public_api_key: "XyZ123",
              locale: "en-US",
            },
          },
        ],
        links: { self: `${server.url}/api/accounts`, next: null, prev: null },
      },
    },
  );
  server.route("GET", "/api/metrics", (req) => guard(req) ?? listing(req, "metric", FAKE_METRICS.map((m) => ({ id: m.id, attributes: { name: m.name } }))));
  server.route("GET", "/api/campaigns", (req) => {
    const denied = guard(req);
    if (denied) return denied;
    if (!/messages\.channel/.test(req.query.get("filter") ?? "")) {
      return errorBody(400, "invalid", "Invalid input.", "A channel filter is required to list campaigns. Please try again with either: equals(messages.channel,'email') or equals(messages.channel,'sms')");
    }
    return listing(req, "campaign", FAKE_CAMPAIGNS.map((c) => ({ id: c.id, attributes: { name: c.name, status: "Sent" } })));
  });
  server.route("GET", "/api/flows", (req) => guard(req) ?? listing(req, "flow", FAKE_FLOWS.map((f) => ({ id: f.id, attributes: { name: f.name, status: "live" } }))));

  server.route("POST", "/api/metric-aggregates", (req) => {
    const denied = guard(req);
    if (denied) return denied;
    const attributes = req.json<{ data?: { type?: string; attributes?: Record<string, unknown> } }>().data?.attributes ?? {};
    const metricId = String(attributes.metric_id ?? "");
    if (!FAKE_METRICS.some((m) => m.id === metricId)) return errorBody(404, "not_found", "Not found.", `Metric ${metricId} does not exist.`);
    const interval = String(attributes.interval ?? "day");
    const zone = String(attributes.timezone ?? "UTC");
    const filters = (attributes.filter as string[] | undefined) ?? [];
    const from = /greater-or-equal\(datetime,([^)]+)\)/.exec(filters.join(" "))?.[1];
    const to = /less-than\(datetime,([^)]+)\)/.exec(filters.join(" "))?.[1];
    if (!from || !to) return errorBody(400, "invalid", "Invalid input.", "A datetime filter with both bounds is required.");
    const start = DateTime.fromISO(from, { setZone: true }).setZone(zone);
    const end = DateTime.fromISO(to, { setZone: true }).setZone(zone);
    const step = interval === "hour" ? { hours: 1 } : { days: 1 };
    const buckets: DateTime[] = [];
    for (let at = start; at < end; at = at.plus(step)) buckets.push(at);
    const label = (b: DateTime) =>
      options.dateLabels === "instant" ? b.toISO({ suppressMilliseconds: true })! : `${b.toFormat("yyyy-MM-dd'T'HH:mm:ss")}+00:00`;
    const by = (attributes.by as string[] | undefined)?.[0];
    const groups = !by ? [["", [0, 1, 2]]] : ([...(by.includes("flow") ? FAKE_FLOWS : FAKE_CAMPAIGNS).map((g, i) => [g.id, [i]]), ["", [2]]] as [string, number[]][]);
    const measurements = (attributes.measurements as string[] | undefined) ?? ["count"];
    const valueOf = (bucket: DateTime, shares: number[], m: string) => {
      const hours = interval === "hour" ? [bucket.hour] : Array.from({ length: 24 }, (_, h) => h);
      const date = bucket.toFormat("yyyy-MM-dd");
      let total = 0;
      for (const g of shares) for (const h of hours) {
        const count = fakeCount(metricId, date, h, g);
        total += m === "unique" ? fakeUnique(count) : m === "sum_value" ? count * FAKE_ORDER_VALUE : count;
      }
      return total;
    };
    const allRows = (groups as [string, number[]][]).map(([id, shares]) => ({
      ...(by || !options.omitEmptyDimensions ? { dimensions: by ? [id] : [] } : {}),
      measurements: Object.fromEntries(measurements.map((m) => [m, buckets.map((b) => valueOf(b, shares, m))])),
    }));
    const offset = decode(attributes.page_cursor as string | undefined);
    const rows = allRows.slice(offset, offset + aggregatePageSize);
    const next = offset + aggregatePageSize < allRows.length ? `${server.url}/api/metric-aggregates/?page[cursor]=${encode(offset + aggregatePageSize)}` : null;
    return {
      json: {
        data: { type: "metric-aggregate", id: `${metricId}-${offset}`, attributes: { dates: buckets.map(label), data: rows } },
        links: { self: `${server.url}/api/metric-aggregates/`, next, prev: null },
      },
    };
  });

  const failures: Record<KlaviyoFailure, (retryAfter: number) => FakeReply> = {
    unauthorized: () => errorBody(401, "not_authenticated", "Authentication credentials were not provided.", "Missing or invalid private key."),
    forbidden: () => errorBody(403, "permission_denied", "You do not have permission to perform this action.", "The API key specified is missing required scopes: metrics:read"),
    rateLimited: (retryAfter) => ({
      ...errorBody(429, "throttled", "Request was throttled.", `Request was throttled. Expected available in ${retryAfter} second.`),
      headers: { "retry-after": String(retryAfter) },
    }),
    serverError: () => errorBody(500, "error", "A server error occurred.", "A server error occurred."),
  };

  return {
    server,
    url: server.url,
    failNext(failure, opts = {}) {
      server.once(opts.method ?? "POST", opts.path ?? "/api/metric-aggregates", failures[failure](opts.retryAfterSeconds ?? 1));
    },
    aggregateRequests() {
      return server.requestsTo("/api/metric-aggregates", "POST").map((r) => r.json<{ data: { attributes: ReturnType<KlaviyoFake["aggregateRequests"]>[number] } }>().data.attributes);
    },
    close: () => server.close(),
  };
}
