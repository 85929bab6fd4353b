// A local Graph API (Marketing insights) for the facebook-ads connector: the same paths under
// /v26.0, Bearer tokens, paging.next URLs with `after` cursors, async report runs and Graph's
// {"error":{code,...}} bodies. Insights answer any field, breakdown and action breakdown of the
// generated catalogue (fake-insights.ts, from the generic value generator).
import { startFakeServer, type FakeReply, type FakeServer, type RecordedRequest } from "../../../tests/fakes/support/fake-server.js";
import { coreMetrics, fakeInsights, invalidRequest, type InsightsParams } from "./fake-insights.js";

export const FB_VERSION = "v26.0";
export const FB_TOKEN = "EAAB-fake-facebook-user-token-0001";
export const FB_APP = { clientId: "fb-app-1234", clientSecret: "fb-app-secret-5678" };

export const FB_ACCOUNTS = [
  { account_id: "1001", name: "Paris Shoes", currency: "EUR", timezone_name: "Europe/Paris", account_status: 1 },
  { account_id: "1002", name: "NYC Bikes", currency: "USD", timezone_name: "America/New_York", account_status: 1 },
  { account_id: "1003", name: "Old Shop", currency: "GBP", timezone_name: "Europe/London", account_status: 101 },
];

export const FB_CAMPAIGNS: Record<string, { id: string; name: string; objective: string }[]> = {
  "1001": [
    { id: "23850001", name: "Spring Sale", objective: "OUTCOME_SALES" },
    { id: "23850002", name: "Brand Awareness", objective: "OUTCOME_AWARENESS" },
    { id: "23850003", name: "Retargeting", objective: "OUTCOME_SALES" },
  ],
  "1002": [
    { id: "23860001", name: "Commuters", objective: "OUTCOME_TRAFFIC" },
    { id: "23860002", name: "Leads Q2", objective: "OUTCOME_LEADS" },
  ],
  "1003": [],
};

/** Status and budgets (minor units, as Graph sends them) of the campaign objects. */
export const FB_CAMPAIGN_CONFIG: Record<string, { effective_status: string; daily_budget?: string; lifetime_budget?: string }> = {
  "23850001": { effective_status: "ACTIVE", daily_budget: "5000" },
  "23850002": { effective_status: "PAUSED", daily_budget: "1250" },
  "23850003": { effective_status: "ACTIVE", lifetime_budget: "90000" },
  "23860001": { effective_status: "ACTIVE", daily_budget: "2000" },
  "23860002": { effective_status: "CAMPAIGN_PAUSED" },
};

/** One active ad per campaign (ad_id = campaign id + "11", as in insights), each creative shape once. */
export function fbAds(accountId: string) {
  return (FB_CAMPAIGNS[accountId] ?? []).map((c, i) => {
    const url = `https://shop-${accountId}.example.com/${c.id}`;
    const creative = i % 3 === 0 ? { link_url: url } : i % 3 === 1 ? { object_story_spec: { link_data: { link: url } } } : { object_story_spec: { video_data: { call_to_action: { type: "SHOP_NOW", value: { link: url } } } } };
    return { id: `${c.id}11`, campaign_id: c.id, creative: { id: `${c.id}99`, ...creative } };
  });
}

const hoursAgo = (now: number, h: number) => new Date(now - h * 3_600_000).toISOString().replace(/\.\d{3}Z$/, "+0000");

/** Pixels: one fired two hours ago (running), one silent for 30 days. */
export function fbPixels(accountId: string, now: number) {
  if (accountId !== "1001") return [];
  return [
    { id: "7700001", name: "Paris Shoes pixel", last_fired_time: hoursAgo(now, 2), is_unavailable: false },
    { id: "7700002", name: "Old landing pixel", last_fired_time: hoursAgo(now, 30 * 24), is_unavailable: false },
  ];
}

export function fbCustomConversions(accountId: string, now: number) {
  if (accountId !== "1001") return [];
  return [
    { id: "5500001", name: "Checkout", last_fired_time: hoursAgo(now, 20), is_archived: false, custom_event_type: "PURCHASE" },
    { id: "5500002", name: "Retired lead form", last_fired_time: null, is_archived: true, custom_event_type: "LEAD" },
  ];
}

export const FB_BUSINESSES: Record<string, { id: string; name: string }> = { "1001": { id: "880001", name: "Paris Shoes SAS" } };
export const FB_OWNED_DOMAINS: Record<string, { id: string; domain_name: string; status: string }[]> = {
  "880001": [
    { id: "990001", domain_name: "parisshoes.example.com", status: "verified" },
    { id: "990002", domain_name: "promo-parisshoes.example.net", status: "not_verified" },
  ],
};

export type FacebookFailure = "token-expired" | "rate-limited" | "throttled" | "server-error" | "too-much-data" | "permission" | "not-transient" | "missing-permissions" | "object-not-accessible";

export interface FacebookFake {
  server: FakeServer;
  baseUrl: string;
  /** Status polls a report run answers "Job Running" before "Job Completed". */
  pendingPolls: number;
  /** The next request matching `path` (default: any) gets this Graph failure. */
  fail(kind: FacebookFailure, opts?: { path?: RegExp; status?: number; regainMinutes?: number }): void;
  close(): Promise<void>;
}

const graphError = (status: number, error: Record<string, unknown>, headers?: Record<string, string>): FakeReply => ({
  status,
  headers,
  json: { error: { type: "OAuthException", fbtrace_id: "AbCdEfGh123", ...error } },
});

export const FB_ERRORS = {
  tokenExpired: (status = 400) =>
    graphError(status, { message: "Error validating access token: Session has expired on Friday, 09-Feb-24 10:00:00 PST.", code: 190, error_subcode: 463 }),
  permission: () => graphError(403, { message: "(#200) Requires ads_read permission", code: 200, type: "OAuthException" }),
  rateLimited: () => ({ ...graphError(429, { message: "(#17) User request limit reached", code: 17, is_transient: true }), headers: { "retry-after": "1" } }),
  throttled: (minutes: number) =>
    graphError(
      400,
      { message: "(#80004) There have been too many calls to this ad-account.", code: 80004, error_subcode: 2446079, is_transient: true },
      { "x-business-use-case-usage": JSON.stringify({ "1001": [{ type: "ads_insights", call_count: 100, total_cputime: 30, total_time: 40, estimated_time_to_regain_access: minutes }] }) },
    ),
  serverError: () => graphError(500, { message: "An unexpected error has occurred. Please retry your request later.", code: 2, is_transient: true }),
  tooMuchData: () => graphError(500, { message: "Please reduce the amount of data you're asking for, then retry your request", code: 1 }),
  /** Graph's own verdict that retrying cannot help. */
  notTransient: () => graphError(400, { message: "An unknown error occurred", code: 1, error_subcode: 2853001, is_transient: false, error_user_title: "Request failed", error_user_msg: "The request could not be completed." }),
  missingPermissions: () => graphError(400, { message: "(#100) Missing permissions", code: 100 }),
  objectNotAccessible: () => graphError(400, { message: "Unsupported get request. Object with ID 'act_1001' does not exist, cannot be loaded due to missing permissions, or does not support this operation.", code: 100, error_subcode: 33 }),
};

function parseParams(get: (name: string) => string | null): InsightsParams {
  const range = JSON.parse(get("time_range") ?? "{}") as { since: string; until: string };
  const list = (name: string) => (get(name) ?? "").split(",").filter(Boolean);
  return {
    level: (get("level") ?? "account") as InsightsParams["level"],
    fields: list("fields"),
    since: range.since,
    until: range.until,
    daily: get("time_increment") === "1",
    breakdowns: list("breakdowns"),
    actionBreakdowns: list("action_breakdowns"),
    windows: get("action_attribution_windows") ? (JSON.parse(get("action_attribution_windows")!) as string[]) : [],
  };
}

/** One campaign's (or the account's, without campaignId) impressions, clicks, spend and conversions: the fake's ground truth. */
export function fbMetrics(accountId: string, campaignId: string | undefined, days: string[], hour?: number) {
  const entities = campaignId ? [`${accountId}/${campaignId}`] : (FB_CAMPAIGNS[accountId] ?? []).map((c) => `${accountId}/${c.id}`);
  const core = coreMetrics({ entities, days, hours: hour === undefined ? undefined : [hour], cell: [] });
  return { impressions: core.impressions, clicks: core.clicks, cost: core.spend, reach: core.reach };
}

/** The insights of a request, or Graph's error 100 for one it refuses. */
function answerInsights(accountId: string, p: InsightsParams): Record<string, unknown>[] | FakeReply {
  const invalid = invalidRequest(p);
  if (invalid) return graphError(400, { message: invalid, code: 100, error_subcode: 1487534 });
  const account = FB_ACCOUNTS.find((a) => a.account_id === accountId);
  return account ? fakeInsights(account, FB_CAMPAIGNS[accountId] ?? [], p) : [];
}

export async function startFacebookFake(opts: { maxPageSize?: number; pendingPolls?: number } = {}): Promise<FacebookFake> {
  const server = await startFakeServer();
  const prefix = `/${FB_VERSION}`;
  const maxPageSize = opts.maxPageSize ?? 500;
  const runs = new Map<string, { accountId: string; params: InsightsParams; polls: number }>();

  const authorized = (req: RecordedRequest) => req.headers.authorization === `Bearer ${FB_TOKEN}`;

  /** One page of `items` and Graph's paging object, with `next` rebuilt from the request. */
  const paged = (req: RecordedRequest, items: unknown[]): FakeReply => {
    const limit = Math.min(Number(req.query.get("limit") ?? 25), maxPageSize);
    const offset = req.query.get("after") ? Number(Buffer.from(req.query.get("after")!, "base64url").toString()) : 0;
    const data = items.slice(offset, offset + limit);
    const cursor = (n: number) => Buffer.from(String(n)).toString("base64url");
    const paging: Record<string, unknown> = { cursors: { before: cursor(offset), after: cursor(offset + data.length) } };
    if (offset + limit < items.length) {
      const next = new URL(`${server.url}${req.path}`);
      req.query.forEach((v, k) => next.searchParams.set(k, v));
      next.searchParams.set("after", cursor(offset + limit));
      paging.next = next.toString();
    }
    return { status: 200, json: { data, paging } };
  };

  const guard =
    (handler: (req: RecordedRequest) => FakeReply) =>
    (req: RecordedRequest): FakeReply =>
      authorized(req) ? handler(req) : FB_ERRORS.tokenExpired();

  server.route("GET", `${prefix}/oauth/access_token`, (req) => {
    if (req.query.get("client_secret") !== FB_APP.clientSecret || req.query.get("grant_type") !== "fb_exchange_token") {
      return graphError(400, { message: "Error validating client secret.", code: 1 });
    }
    return { status: 200, json: { access_token: FB_TOKEN, token_type: "bearer", expires_in: 5_183_944 } };
  });
  server.route("GET", `${prefix}/me`, guard(() => ({ status: 200, json: { id: "10158000000000001", name: "Ada Marketer" } })));
  server.route("GET", `${prefix}/me/adaccounts`, guard((req) => paged(req, FB_ACCOUNTS.map((a) => ({ id: `act_${a.account_id}`, ...a })))));
  const insightsPath = new RegExp(`^${prefix.replace(".", "\\.")}/act_(?<id>\\d+)/insights$`);
  server.route(
    "GET",
    insightsPath,
    guard((req) => {
      const answer = answerInsights(req.params.id, parseParams((n) => req.query.get(n)));
      return Array.isArray(answer) ? paged(req, answer) : answer;
    }),
  );
  server.route(
    "POST",
    insightsPath,
    guard((req) => {
      const form = req.form();
      const params = parseParams((n) => form.get(n));
      const invalid = answerInsights(req.params.id, { ...params, since: params.since, until: params.since });
      if (!Array.isArray(invalid)) return invalid;
      const id = String(6_000_000_000 + runs.size + 1);
      runs.set(id, { accountId: req.params.id, params, polls: 0 });
      return { status: 200, json: { report_run_id: id } };
    }),
  );
  const runPath = new RegExp(`^${prefix.replace(".", "\\.")}/(?<run>\\d{10})(?<insights>/insights)?$`);
  server.route(
    "GET",
    runPath,
    guard((req) => {
      const run = runs.get(req.params.run);
      if (!run) return graphError(400, { message: `Unsupported get request. Object with ID '${req.params.run}' does not exist.`, code: 100, error_subcode: 33 });
      if (req.params.insights) {
        const answer = answerInsights(run.accountId, run.params);
        return Array.isArray(answer) ? paged(req, answer) : answer;
      }
      run.polls += 1;
      const done = run.polls > fake.pendingPolls;
      return {
        status: 200,
        json: {
          id: req.params.run,
          account_id: run.accountId,
          async_status: done ? "Job Completed" : run.polls === 1 ? "Job Not Started" : "Job Running",
          async_percent_completion: done ? 100 : Math.min(90, run.polls * 30),
          date_start: run.params.since,
          date_stop: run.params.until,
        },
      };
    }),
  );

  // Automatic checks and configuration values (engine/connectors/facebook-ads/checks.ts).
  const actPath = (edge: string) => new RegExp(`^${prefix.replace(".", "\\.")}/act_(?<id>\\d+)/${edge}$`);
  server.route("GET", actPath("ads"), guard((req) => paged(req, fbAds(req.params.id))));
  server.route("GET", actPath("campaigns"), guard((req) => paged(req, (FB_CAMPAIGNS[req.params.id] ?? []).map((c) => ({ id: c.id, ...FB_CAMPAIGN_CONFIG[c.id] })))));
  server.route("GET", actPath("adsets"), guard((req) => paged(req, (FB_CAMPAIGNS[req.params.id] ?? []).map((c) => ({ id: `${c.id}1`, effective_status: FB_CAMPAIGN_CONFIG[c.id]?.effective_status ?? "ACTIVE" })))));
  server.route("GET", actPath("adspixels"), guard((req) => paged(req, fbPixels(req.params.id, Date.now()))));
  server.route("GET", actPath("customconversions"), guard((req) => paged(req, fbCustomConversions(req.params.id, Date.now()))));
  server.route("GET", new RegExp(`^${prefix.replace(".", "\\.")}/act_(?<id>\\d+)$`), guard((req) => ({ status: 200, json: { id: `act_${req.params.id}`, ...(FB_BUSINESSES[req.params.id] ? { business: FB_BUSINESSES[req.params.id] } : {}) } })));
  server.route(
    "GET",
    new RegExp(`^${prefix.replace(".", "\\.")}/(?<business>\\d+)/owned_domains$`),
    guard((req) => paged(req, FB_OWNED_DOMAINS[req.params.business] ?? [])),
  );

  const fake: FacebookFake = {
    server,
    baseUrl: `${server.url}${prefix}`,
    pendingPolls: opts.pendingPolls ?? 2,
    fail(kind, o = {}) {
      const reply: Record<FacebookFailure, () => FakeReply> = {
        "token-expired": () => FB_ERRORS.tokenExpired(o.status ?? 400),
        "rate-limited": FB_ERRORS.rateLimited,
        throttled: () => FB_ERRORS.throttled(o.regainMinutes ?? 0),
        "server-error": FB_ERRORS.serverError,
        "too-much-data": FB_ERRORS.tooMuchData,
        permission: FB_ERRORS.permission,
        "not-transient": FB_ERRORS.notTransient,
        "missing-permissions": FB_ERRORS.missingPermissions,
        "object-not-accessible": FB_ERRORS.objectNotAccessible,
      };
      server.once("*", o.path ?? /.*/, reply[kind]());
    },
    close: () => server.close(),
  };
  return fake;
}
