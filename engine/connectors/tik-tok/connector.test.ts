import { failureOf } from "../../../tests/fakes/support/failure.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dayMetrics, hourMetrics, sumMetrics } from "../../../tests/fakes/support/ads-metrics.js";
import { startTikTokFake, TT_APP, TT_CAMPAIGNS, TT_TOKEN, type TikTokFake } from "./fake.js";
import { createConnectorContext } from "../../core/context.js";
import { buildAuthorizeUrl, exchangeCode } from "../../core/oauth2.js";
import { collectRows } from "../../core/pages.js";
import type { Account, ReadRequest } from "../../core/types.js";
import { exchangeTikTokAuthCode } from "./auth.js";
import { createTikTokConnector } from "./connector.js";

const connector = createTikTokConnector({ envelopeRetry: { retries: 3, baseDelayMs: 1 } });
let fake: TikTokFake;

const ctx = (accessToken = TT_TOKEN) =>
  createConnectorContext(connector, { credential: { type: "oauth2", accessToken }, app: TT_APP, baseUrl: fake.baseUrl, retry: { retries: 3, minTimeoutMs: 1, maxTimeoutMs: 5 } });

const tea: Account = { id: "7100000000000000001", name: "Tokyo Tea", timezone: "Asia/Tokyo", currency: "JPY" };
const seedsOf = (campaign: (typeof TT_CAMPAIGNS)[string][number]) => campaign.adgroups.map((a) => `${tea.id}/${a}`);

const read = (req: Partial<ReadRequest>) =>
  collectRows(
    connector.read(ctx(), {
      accounts: [tea],
      fields: ["date", "campaign_id", "campaign_name", "impressions", "clicks", "cost", "conversions", "ctr"],
      range: { start: "2025-03-01", end: "2025-03-01" },
      options: { report: "campaigns" },
      ...req,
    }),
  );

const failure = failureOf;

beforeAll(async () => {
  fake = await startTikTokFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.reset();
  fake.maxPageSize = 1000;
});

describe("tik-tok connector", () => {
  it("sends the token in the Access-Token header, not Authorization", async () => {
    await expect(connector.check(ctx())).resolves.toEqual({ ok: true, identity: "mika@example.com" });
    const [call] = fake.server.requests;
    expect(call.path).toBe("/open_api/v1.3/user/info/");
    expect(call.headers["access-token"]).toBe(TT_TOKEN);
    expect(call.headers.authorization).toBeUndefined();
  });

  it("lists advertisers with their IANA timezone and currency", async () => {
    expect(await connector.listAccounts(ctx())).toEqual([
      { id: "7100000000000000001", name: "Tokyo Tea", timezone: "Asia/Tokyo", currency: "JPY", status: "active" },
      { id: "7100000000000000002", name: "Austin Tacos", timezone: "America/Chicago", currency: "USD", status: "active" },
    ]);
    const [list, info] = fake.server.requests;
    expect(list.query.get("app_id")).toBe(TT_APP.clientId);
    expect(JSON.parse(info.query.get("advertiser_ids")!)).toEqual(["7100000000000000001", "7100000000000000002"]);
  });

  it("reads one page of a BASIC campaign report by day", async () => {
    const rows = await read({});
    expect(rows).toEqual(
      TT_CAMPAIGNS[tea.id].map((c) => {
        const m = sumMetrics(seedsOf(c).map((s) => dayMetrics(s, "2025-03-01")));
        return { date: "2025-03-01", campaign_id: c.id, campaign_name: c.name, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions, ctr: Math.round(Number(((m.clicks / m.impressions) * 100).toFixed(2)) * 1e6) / 1e8 };
      }),
    );
    const [call] = fake.server.requestsTo("/open_api/v1.3/report/integrated/get/");
    expect(call.query.get("report_type")).toBe("BASIC");
    expect(call.query.get("data_level")).toBe("AUCTION_CAMPAIGN");
    expect(JSON.parse(call.query.get("dimensions")!)).toEqual(["campaign_id", "stat_time_day"]);
    expect(JSON.parse(call.query.get("metrics")!)).toEqual(["campaign_name", "impressions", "clicks", "spend", "conversion", "ctr"]);
    expect(call.query.get("page")).toBe("1");
  });

  it("walks page/page_size until total_page", async () => {
    fake.maxPageSize = 3;
    const rows = await read({ range: { start: "2025-03-01", end: "2025-03-04" }, fields: ["date", "campaign_id", "clicks"] });
    expect(rows).toHaveLength(8);
    expect(fake.server.requestsTo("/open_api/v1.3/report/integrated/get/").map((r) => r.query.get("page"))).toEqual(["1", "2", "3"]);
  });

  it("reads a report answer without page_info (one page)", async () => {
    fake.server.once("GET", /report\/integrated/, {
      json: { code: 0, message: "OK", request_id: "r1", data: { list: [{ dimensions: { campaign_id: "1801", stat_time_day: "2025-03-01 00:00:00" }, metrics: { clicks: "12" } }] } },
    });
    expect(await read({ fields: ["date", "campaign_id", "clicks"] })).toEqual([{ date: "2025-03-01", campaign_id: "1801", clicks: 12 }]);
    expect(fake.server.requestsTo("/open_api/v1.3/report/integrated/get/")).toHaveLength(1);
  });

  it("leaves a metric missing from the answer null, not 0", async () => {
    fake.server.once("GET", /report\/integrated/, {
      json: { code: 0, message: "OK", request_id: "r1", data: { list: [{ dimensions: { campaign_id: "1801", stat_time_day: "2025-03-01 00:00:00" }, metrics: { clicks: "12" } }], page_info: { page: 1, page_size: 1000, total_number: 1, total_page: 1 } } },
    });
    expect(await read({ fields: ["date", "campaign_id", "clicks", "impressions", "cost"] })).toEqual([{ date: "2025-03-01", campaign_id: "1801", clicks: 12, impressions: null, cost: null }]);
  });

  it("splits long ranges into the report's 30-day limit", async () => {
    const rows = await read({ range: { start: "2025-01-01", end: "2025-02-14" }, fields: ["date", "campaign_id", "impressions"] });
    expect(rows).toHaveLength(45 * 2);
    const calls = fake.server.requestsTo("/open_api/v1.3/report/integrated/get/");
    expect(calls.map((c) => [c.query.get("start_date"), c.query.get("end_date")])).toEqual([
      ["2025-01-01", "2025-01-30"],
      ["2025-01-31", "2025-02-14"],
    ]);
  });

  it("returns no rows for an advertiser without campaigns", async () => {
    expect(await read({ accounts: [{ ...tea, id: "7100000000000000002" }] })).toEqual([]);
  });

  it("reads advertiser-level hours with stat_time_hour, one day per call", async () => {
    const rows = await read({ options: { report: "account" }, granularity: "hour", range: { start: "2025-03-01", end: "2025-03-02" }, fields: ["date", "hour", "cost", "reach"] });
    expect(rows).toHaveLength(48);
    const seeds = TT_CAMPAIGNS[tea.id].flatMap(seedsOf);
    expect(rows[24 + 20]).toEqual({ date: "2025-03-02", hour: 20, cost: sumMetrics(seeds.map((s) => hourMetrics(s, "2025-03-02", 20))).cost, reach: null });
    const calls = fake.server.requestsTo("/open_api/v1.3/report/integrated/get/");
    expect(calls).toHaveLength(2);
    expect(JSON.parse(calls[0].query.get("dimensions")!)).toEqual(["advertiser_id", "stat_time_hour"]);
    expect(calls[0].query.get("data_level")).toBe("AUCTION_ADVERTISER");
  });

  it("maps a revoked token (HTTP 200, code 40105) to a config error", async () => {
    const e = await failure(connector.check(ctx("tt-revoked-token-000")));
    expect(e.kind).toBe("config");
    expect(e.message).toMatch(/code 40105.*Reconnect/);
    expect(fake.server.requests).toHaveLength(1);
  });

  it("maps a missing advertiser permission (code 40001) to a config error", async () => {
    fake.fail("permission");
    const e = await failure(read({}));
    expect(e.kind).toBe("config");
    expect(e.message).toContain("40001");
  });

  it("retries the rate-limit code 40100 sent with HTTP 200, then succeeds", async () => {
    fake.fail("rate-limited-code", { path: /report/ });
    expect(await read({})).toHaveLength(2);
    expect(fake.server.requestsTo("/open_api/v1.3/report/integrated/get/")).toHaveLength(2);
  });

  it("retries an HTTP 429 after Retry-After, then succeeds", async () => {
    fake.fail("http-429", { path: /report/ });
    const started = Date.now();
    expect(await read({})).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("retries HTTP 500 and system code 50000, then succeeds", async () => {
    fake.fail("http-500", { path: /report/ });
    fake.fail("system-code", { path: /report/ });
    expect(await read({})).toHaveLength(2);
    expect(fake.server.requestsTo("/open_api/v1.3/report/integrated/get/")).toHaveLength(3);
  });

  it("gives up on a rate limit that does not clear, as a transient error", async () => {
    for (let i = 0; i < 4; i++) fake.fail("rate-limited-code", { path: /report/ });
    const e = await failure(read({}));
    expect(e.kind).toBe("transient");
    expect(e.message).toContain("40100");
  });

  it("exchanges an auth_code for the long-term token (TikTok's JSON exchange)", async () => {
    const credential = await exchangeTikTokAuthCode(TT_APP, "tt-auth-code-1", { baseUrl: fake.baseUrl });
    expect(credential).toEqual({ type: "oauth2", accessToken: TT_TOKEN, advertiserIds: ["7100000000000000001", "7100000000000000002"] });
    expect(fake.server.requests[0].json()).toEqual({ app_id: TT_APP.clientId, secret: TT_APP.clientSecret, auth_code: "tt-auth-code-1" });
  });
  it("runs TikTok's exchange through the engine's OAuth 2.0 flow (oauth2.exchangeCode hook, app_id in the authorize URL)", async () => {
    const client = { clientId: TT_APP.clientId!, clientSecret: TT_APP.clientSecret! };
    const authorize = new URL(buildAuthorizeUrl(connector.oauth2!, { clientId: client.clientId, redirectUri: "https://app.example/cb", state: "st-1" }));
    expect(authorize.origin + authorize.pathname).toBe("https://business-api.tiktok.com/portal/auth");
    expect(authorize.searchParams.get("app_id")).toBe(client.clientId);
    expect(authorize.searchParams.get("state")).toBe("st-1");
    const tokenUrl = `${new URL(fake.baseUrl).origin}/open_api/v1.3/oauth2/access_token/`;
    const credential = await exchangeCode(connector.oauth2!, { platform: "tik-tok", client, code: "tt-auth-code-1", redirectUri: "https://app.example/cb", tokenUrl });
    expect(credential).toEqual({ type: "oauth2", accessToken: TT_TOKEN });
    const [call] = fake.server.requestsTo("/open_api/v1.3/oauth2/access_token/");
    expect(call.headers["content-type"]).toMatch(/application\/json/);
    expect(call.json()).toEqual({ app_id: client.clientId, secret: client.clientSecret, auth_code: "tt-auth-code-1" });
  });
  it("reports an unexpected data object as a system error with an excerpt", async () => {
    fake.server.once("GET", /report/, { status: 200, json: { code: 0, message: "OK", request_id: "1", data: { list: "oops" } } });
    const e = await failure(read({}));
    expect(e.kind).toBe("system");
    expect(e.message).toMatch(/unexpected payload/);
    expect(e.bodyExcerpt).toContain("oops");
  });

  it("reads ad groups with their campaign as attribute metrics", async () => {
    const rows = await read({ options: { report: "adgroups" }, fields: ["adgroup_id", "campaign_id", "campaign_name", "clicks"] });
    expect(rows).toEqual(
      TT_CAMPAIGNS[tea.id].flatMap((c) => c.adgroups.map((a) => ({ adgroup_id: a, campaign_id: c.id, campaign_name: c.name, clicks: sumMetrics([dayMetrics(`${tea.id}/${a}`, "2025-03-01")]).clicks }))),
    );
    const [call] = fake.server.requestsTo("/open_api/v1.3/report/integrated/get/");
    expect(call.query.get("data_level")).toBe("AUCTION_ADGROUP");
    expect(JSON.parse(call.query.get("dimensions")!)).toEqual(["adgroup_id"]);
    expect(JSON.parse(call.query.get("metrics")!)).toEqual(["campaign_id", "campaign_name", "clicks"]);
  });

});
