import { failureOf } from "../../../tests/fakes/support/failure.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FB_ACCOUNTS, FB_APP, FB_CAMPAIGNS, FB_TOKEN, fbMetrics, startFacebookFake, type FacebookFake } from "./fake.js";
import { createConnectorContext } from "../../core/context.js";
import { ConnectorError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import type { Account, ReadRequest } from "../../core/types.js";
import { createFacebookAdsConnector } from "./connector.js";

const connector = createFacebookAdsConnector({ poll: { initialDelayMs: 5, maxDelayMs: 10 } });
let fake: FacebookFake;

const ctx = (accessToken = FB_TOKEN) =>
  createConnectorContext(connector, {
    credential: { type: "oauth2", accessToken },
    app: FB_APP,
    baseUrl: fake.baseUrl,
    retry: { retries: 3, minTimeoutMs: 1, maxTimeoutMs: 5 },
  });

const account = (id: string): Account => {
  const a = FB_ACCOUNTS.find((x) => x.account_id === id)!;
  return { id, name: a.name, timezone: a.timezone_name, currency: a.currency };
};

const read = (req: Partial<ReadRequest>, context = ctx()) =>
  collectRows(
    connector.read(context, {
      accounts: [account("1001")],
      fields: ["date", "campaign_id", "campaign_name", "impressions", "clicks", "cost", "conversions", "purchase_value", "ctr"],
      range: { start: "2025-03-01", end: "2025-03-01" },
      options: { report: "campaigns" },
      ...req,
    }),
  );

const error = failureOf;

beforeAll(async () => {
  fake = await startFacebookFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.reset();
  fake.pendingPolls = 2;
});

describe("facebook-ads connector", () => {
  it("checks the token with /me and sends it as a Bearer header", async () => {
    await expect(connector.check(ctx())).resolves.toEqual({ ok: true, identity: "Ada Marketer" });
    expect(fake.server.requests[0].headers.authorization).toBe(`Bearer ${FB_TOKEN}`);
    expect(fake.server.requests[0].path).toBe("/v26.0/me");
  });

  it("lists ad accounts across pages with timezone, currency and status", async () => {
    const small = await startFacebookFake({ maxPageSize: 2 });
    try {
      const context = createConnectorContext(connector, { credential: { type: "oauth2", accessToken: FB_TOKEN }, baseUrl: small.baseUrl });
      const accounts = await connector.listAccounts(context);
      expect(accounts).toEqual([
        { id: "1001", name: "Paris Shoes", timezone: "Europe/Paris", currency: "EUR", status: "active" },
        { id: "1002", name: "NYC Bikes", timezone: "America/New_York", currency: "USD", status: "active" },
        { id: "1003", name: "Old Shop", timezone: "Europe/London", currency: "GBP", status: "closed" },
      ]);
      const calls = small.server.requestsTo("/v26.0/me/adaccounts");
      expect(calls).toHaveLength(2);
      expect(calls[1].query.get("after")).toBeTruthy();
    } finally {
      await small.close();
    }
  });

  it("reads one page of daily campaign insights with the real query parameters", async () => {
    const rows = await read({});
    const expected = FB_CAMPAIGNS["1001"].map((c) => {
      const m = fbMetrics("1001", c.id, ["2025-03-01"]);
      return { date: "2025-03-01", campaign_id: c.id, campaign_name: c.name, impressions: m.impressions, clicks: m.clicks, cost: m.cost };
    });
    expect(rows.map(({ ctr: _ctr, conversions: _c, purchase_value: _v, ...r }) => r)).toEqual(expected);
    expect(rows[0].ctr).toBeCloseTo(expected[0].clicks / expected[0].impressions, 6);
    // Action lists summed over their types: numbers, 0 when Graph leaves the list out.
    for (const row of rows) expect([typeof row.conversions, typeof row.purchase_value]).toEqual(["number", "number"]);
    const [call] = fake.server.requestsTo(/\/act_1001\/insights$/, "GET");
    expect(call.query.get("level")).toBe("campaign");
    expect(call.query.get("time_increment")).toBe("1");
    expect(JSON.parse(call.query.get("time_range")!)).toEqual({ since: "2025-03-01", until: "2025-03-01" });
    expect(call.query.get("fields")!.split(",")).toEqual(expect.arrayContaining(["campaign_id", "spend", "conversions", "action_values", "ctr"]));
    expect(call.query.get("use_account_attribution_setting")).toBe("true");
  });

  it("follows paging.next through several pages", async () => {
    const small = await startFacebookFake({ maxPageSize: 2 });
    try {
      const context = createConnectorContext(connector, { credential: { type: "oauth2", accessToken: FB_TOKEN }, baseUrl: small.baseUrl });
      const rows = await read({ range: { start: "2025-03-01", end: "2025-03-03" }, fields: ["date", "campaign_id", "impressions"] }, context);
      expect(rows).toHaveLength(9);
      expect(rows.map((r) => r.date)).toEqual(["2025-03-01", "2025-03-01", "2025-03-01", "2025-03-02", "2025-03-02", "2025-03-02", "2025-03-03", "2025-03-03", "2025-03-03"]);
      expect(rows[4]).toEqual({ date: "2025-03-02", campaign_id: "23850002", impressions: fbMetrics("1001", "23850002", ["2025-03-02"]).impressions });
      expect(small.server.requestsTo(/\/act_1001\/insights$/)).toHaveLength(5);
    } finally {
      await small.close();
    }
  });

  it("returns no rows for an account without delivery", async () => {
    expect(await read({ accounts: [account("1003")] })).toEqual([]);
  });

  it("reads account-level hours in the account's timezone, and refuses reach by hour before asking", async () => {
    const rows = await read({ options: { report: "account" }, granularity: "hour", fields: ["date", "hour", "impressions", "cost"] });
    expect(rows).toHaveLength(24);
    expect(rows.map((r) => r.hour)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    const h13 = fbMetrics("1001", undefined, ["2025-03-01"], 13);
    expect(rows[13]).toEqual({ date: "2025-03-01", hour: 13, impressions: h13.impressions, cost: h13.cost });
    const [call] = fake.server.requestsTo(/\/act_1001\/insights$/);
    expect(call.query.get("breakdowns")).toBe("hourly_stats_aggregated_by_advertiser_time_zone");
    expect(call.query.get("level")).toBe("account");
    fake.server.reset();
    await expect(read({ options: { report: "account" }, granularity: "hour", fields: ["date", "hour", "reach"] })).rejects.toThrow(/Meta does not report reach by hour/);
    expect(fake.server.requests).toHaveLength(0);
  });

  it("sums the whole range in one row when the date is not asked", async () => {
    const rows = await read({ range: { start: "2025-03-01", end: "2025-03-02" }, fields: ["campaign_id", "clicks"] });
    const c = FB_CAMPAIGNS["1001"][0].id;
    expect(rows[0]).toEqual({ campaign_id: c, clicks: fbMetrics("1001", c, ["2025-03-01"]).clicks + fbMetrics("1001", c, ["2025-03-02"]).clicks });
    expect(fake.server.requests[0].query.get("time_increment")).toBe("all_days");
  });

  it("runs an async report for long ranges: created, pending, then done", async () => {
    const rows = await read({ range: { start: "2025-02-01", end: "2025-03-02" }, fields: ["date", "campaign_id", "clicks"] });
    expect(rows).toHaveLength(30 * 3);
    expect(rows.at(-1)).toEqual({ date: "2025-03-02", campaign_id: "23850003", clicks: fbMetrics("1001", "23850003", ["2025-03-02"]).clicks });
    const [created] = fake.server.requestsTo(/\/act_1001\/insights$/, "POST");
    expect(created.form().get("level")).toBe("campaign");
    expect(JSON.parse(created.form().get("time_range")!)).toEqual({ since: "2025-02-01", until: "2025-03-02" });
    const polls = fake.server.requestsTo(/^\/v26\.0\/\d{10}$/);
    expect(polls).toHaveLength(3);
    expect(polls[0].query.get("fields")).toContain("async_status");
    expect(fake.server.requestsTo(/^\/v26\.0\/\d{10}\/insights$/).length).toBeGreaterThan(0);
  });

  it("falls back to an async report run when Graph says the request is too large", async () => {
    fake.pendingPolls = 0;
    fake.fail("too-much-data", { path: /\/act_1001\/insights$/ });
    const rows = await read({});
    expect(rows).toHaveLength(3);
    expect(fake.server.requestsTo(/\/act_1001\/insights$/, "GET")).toHaveLength(1);
    expect(fake.server.requestsTo(/\/act_1001\/insights$/, "POST")).toHaveLength(1);
  });

  it("maps an expired token (code 190, HTTP 401 or 400) to a config error without retrying", async () => {
    for (const status of [401, 400]) {
      fake.server.reset();
      fake.fail("token-expired", { status });
      const e = await error(read({}));
      expect(e).toBeInstanceOf(ConnectorError);
      expect(e.kind).toBe("config");
      expect(e.message).toMatch(/code 190\/463.*Reconnect/);
      expect(fake.server.requests).toHaveLength(1);
    }
  });

  it("has no refresh token: an expired long-lived token asks for a reconnect", async () => {
    const e = await error(connector.check(ctx("EAAB-revoked-token-9999")));
    expect(e.kind).toBe("config");
    expect(fake.server.requests.map((r) => r.path)).toEqual(["/v26.0/me"]);
  });

  it("maps a missing permission to a config error naming ads_read", async () => {
    fake.fail("permission");
    const e = await error(read({}));
    expect(e.kind).toBe("config");
    expect(e.message).toContain("ads_read");
  });

  it("retries a 429 after its Retry-After, then succeeds", async () => {
    fake.fail("rate-limited");
    const started = Date.now();
    expect(await read({})).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.server.requestsTo(/\/act_1001\/insights$/)).toHaveLength(2);
  });

  it("retries a 5xx (code 2, is_transient), then succeeds", async () => {
    fake.fail("server-error");
    expect(await read({})).toHaveLength(3);
    expect(fake.server.requestsTo(/\/act_1001\/insights$/)).toHaveLength(2);
  });

  it("retries an ad account throttle (80004) that clears at once", async () => {
    fake.fail("throttled", { regainMinutes: 0 });
    expect(await read({})).toHaveLength(3);
  });

  it("hands a long ad account throttle back with its regain time instead of waiting", async () => {
    fake.fail("throttled", { regainMinutes: 30 });
    const e = await error(read({}));
    expect(e.kind).toBe("transient");
    expect(e.retryAfterMs).toBe(30 * 60_000);
    expect(e.message).toMatch(/80004.*Retrying at \d{4}-/);
    expect(fake.server.requests).toHaveLength(1);
  });

  it("upgrades a short-lived token to a long-lived one once, and persists it", async () => {
    const refreshed: unknown[] = [];
    const context = createConnectorContext(connector, {
      credential: { type: "oauth2", accessToken: FB_TOKEN, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
      app: FB_APP,
      baseUrl: fake.baseUrl,
      onCredentialRefreshed: async (c) => {
        refreshed.push(c);
      },
    });
    await connector.check(context);
    await connector.listAccounts(context);
    const calls = fake.server.requestsTo("/v26.0/oauth/access_token");
    expect(calls).toHaveLength(1);
    expect(calls[0].query.get("grant_type")).toBe("fb_exchange_token");
    expect(calls[0].query.get("fb_exchange_token")).toBe(FB_TOKEN);
    expect(calls[0].query.get("client_id")).toBe(FB_APP.clientId);
    expect(calls[0].headers.authorization).toBeUndefined();
    expect(refreshed).toHaveLength(1);
    expect(refreshed[0]).toMatchObject({ type: "oauth2", accessToken: FB_TOKEN });
    const expiresAt = Date.parse((refreshed[0] as { expiresAt: string }).expiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan(59 * 24 * 3_600_000);
  });

  it("leaves a long-lived token alone", async () => {
    const refreshed: unknown[] = [];
    const context = createConnectorContext(connector, {
      credential: { type: "oauth2", accessToken: FB_TOKEN, expiresAt: new Date(Date.now() + 50 * 24 * 3_600_000).toISOString() },
      app: FB_APP,
      baseUrl: fake.baseUrl,
      onCredentialRefreshed: async (c) => {
        refreshed.push(c);
      },
    });
    await connector.check(context);
    expect(fake.server.requestsTo("/v26.0/oauth/access_token")).toHaveLength(0);
    expect(refreshed).toHaveLength(0);
  });

  it("rejects fields of a finer level than the report", async () => {
    await expect(read({ options: { report: "account" }, fields: ["campaign_name"] })).rejects.toThrow(/Unknown field "campaign_name"/);
  });
  it("reports an unexpected payload as a system error with an excerpt", async () => {
    fake.server.once("GET", /\/act_1001\/insights$/, { status: 200, json: { data: "not-a-list" } });
    const e = await error(read({}));
    expect(e.kind).toBe("system");
    expect(e.message).toMatch(/unexpected payload/);
    expect(e.bodyExcerpt).toContain("not-a-list");
  });

});
