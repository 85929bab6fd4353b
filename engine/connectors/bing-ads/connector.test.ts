import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN, ACCOUNTS, CLIENT, DEVELOPER_TOKEN, REFRESH_TOKEN, campaignsOf, failures, hourStats, startBingAdsFake, type BingAdsFake } from "./fake.js";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { ConnectorError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import type { Account, Credential, ReadRequest } from "../../core/types.js";
import { createBingAdsConnector } from "./connector.js";

const connector = createBingAdsConnector({ poll: { initialDelayMs: 5, maxDelayMs: 10 } });
let fake: BingAdsFake;
beforeAll(async () => {
  fake = await startBingAdsFake();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.server.reset();
  fake.oauth.reset();
  fake.options.pendingPolls = 0;
});

const fresh: Credential = { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" };
const app = { ...CLIENT, extra: { developerToken: DEVELOPER_TOKEN } };
const context = (credential: Credential = fresh) => fakeContext(connector, fake, { credential, app });
const fr: Account = { id: "150001", name: "Contoso FR", timezone: "Europe/Paris", currency: "EUR" };

function read(req: Partial<ReadRequest>, ctx = context().ctx) {
  return collectRows(
    connector.read(ctx, {
      accounts: [fr],
      fields: ["date", "campaign_id", "campaign_name", "impressions", "clicks", "cost", "ctr"],
      range: { start: "2025-03-01", end: "2025-03-01" },
      options: { report: "campaign" },
      ...req,
    }),
  );
}

function dayOf(campaignId: number, date: string) {
  const t = { impressions: 0, clicks: 0, cost: 0 };
  for (let h = 0; h < 24; h++) {
    const s = hourStats(campaignId, date, h);
    t.impressions += s.impressions;
    t.clicks += s.clicks;
    t.cost = Math.round((t.cost + s.spend) * 100) / 100;
  }
  return t;
}

describe("bing-ads connector", () => {
  it("submits a daily campaign report, downloads the zipped CSV and maps its columns", async () => {
    const rows = await read({});
    const [brand, shopping] = campaignsOf(150001);
    const b = dayOf(brand.CampaignId, "2025-03-01");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({ date: "2025-03-01", campaign_id: String(brand.CampaignId), campaign_name: "Search - Brand", ...b, ctr: Math.round((b.clicks / b.impressions) * 10_000) / 10_000 });
    expect(rows[1].campaign_name).toBe(shopping.CampaignName);
    const [submit] = fake.server.requestsTo("/Reporting/v13/GenerateReport/Submit");
    const body = submit.json<{ ReportRequest: Record<string, any> }>().ReportRequest;
    expect(body).toMatchObject({
      Type: "CampaignPerformanceReportRequest",
      Format: "Csv",
      Aggregation: "Daily",
      Scope: { AccountIds: [150001] },
      Time: { CustomDateRangeStart: { Day: 1, Month: 3, Year: 2025 }, CustomDateRangeEnd: { Day: 1, Month: 3, Year: 2025 } },
    });
    expect(body.Columns).toEqual(["TimePeriod", "CampaignId", "CampaignName", "Impressions", "Clicks", "Spend", "Ctr"]);
    expect(submit.headers.developertoken).toBe(DEVELOPER_TOKEN);
    expect(submit.headers.customeraccountid).toBe("150001");
    expect(submit.headers.customerid).toBe("9001");
    expect(fake.server.requestsTo("/download/:file")[0].headers.authorization).toBeUndefined();
  });

  it("polls a pending job until it succeeds", async () => {
    fake.options.pendingPolls = 2;
    expect(await read({})).toHaveLength(2);
    expect(fake.server.requestsTo("/Reporting/v13/GenerateReport/Poll")).toHaveLength(3);
  });

  it("reads hourly account rows from Hourly aggregation (TimePeriod yyyy-mm-dd|hh)", async () => {
    const rows = await read({ fields: ["date", "hour", "impressions"], options: { report: "account" }, granularity: "hour" });
    const h7 = campaignsOf(150001).reduce((n, c) => n + hourStats(c.CampaignId, "2025-03-01", 7).impressions, 0);
    expect(rows.find((r) => r.hour === 7)).toEqual({ date: "2025-03-01", hour: 7, impressions: h7 });
    const body = fake.server.requestsTo("/Reporting/v13/GenerateReport/Submit")[0].json<{ ReportRequest: Record<string, any> }>().ReportRequest;
    expect(body.Type).toBe("AccountPerformanceReportRequest");
    expect(body.Aggregation).toBe("Hourly");
  });

  it("pages large reports into bounded pages", async () => {
    const pages = [];
    for await (const page of connector.read(context().ctx, { accounts: [fr], fields: ["date", "hour", "campaign_id", "clicks"], range: { start: "2025-03-01", end: "2025-03-31" }, options: { report: "campaign" }, granularity: "hour" })) pages.push(page.rows.length);
    expect(pages.length).toBeGreaterThan(1);
    expect(Math.max(...pages)).toBeLessThanOrEqual(1000);
    // 31 days split in 14-day reports.
    expect(fake.server.requestsTo("/Reporting/v13/GenerateReport/Submit")).toHaveLength(3);
  });

  it("returns no rows when Success comes without a download URL", async () => {
    fake.server.once("POST", "/Reporting/v13/GenerateReport/Poll", { json: { ReportRequestStatus: { ReportDownloadUrl: null, Status: "Success" } } });
    expect(await read({})).toEqual([]);
    expect(fake.server.requestsTo("/download/:file")).toHaveLength(0);
  });

  it("lists the user's accounts with IANA zones", async () => {
    const accounts = await connector.listAccounts(context().ctx);
    expect(accounts[0]).toEqual({ id: "150001", name: "Contoso FR", timezone: "Europe/Paris", currency: "EUR", status: "active" });
    expect(accounts[1]).toMatchObject({ id: "150002", timezone: "America/New_York", currency: "USD" });
    const search = fake.server.requestsTo("/CustomerManagement/v13/Accounts/Search")[0].json<{ Predicates: unknown[]; PageInfo: unknown }>();
    expect(search.Predicates).toEqual([{ Field: "UserId", Operator: "Equals", Value: "7001" }]);
    expect(search.PageInfo).toEqual({ Index: 0, Size: 1000 });
  });

  it("follows PageInfo.Index while pages are full", async () => {
    fake.server.once("POST", "/CustomerManagement/v13/Accounts/Search", { json: { Accounts: Array.from({ length: 1000 }, (_, i) => ({ ...ACCOUNTS[0], Id: 200000 + i })) } });
    const accounts = await connector.listAccounts(context().ctx);
    // The second page (Index 1) is the fake's empty page after its 3 accounts: paging stops there.
    expect(accounts).toHaveLength(1000);
    expect(accounts[999].id).toBe("200999");
    expect(fake.server.requestsTo("/CustomerManagement/v13/Accounts/Search").map((r) => r.json<{ PageInfo: { Index: number } }>().PageInfo.Index)).toEqual([0, 1]);
  });

  it("maps a 401 that cannot be refreshed to a config error", async () => {
    fake.server.once("POST", "/CustomerManagement/v13/User/Query", failures.expiredToken());
    const error = (await connector.check(context({ type: "oauth2", accessToken: ACCESS_TOKEN }).ctx).catch((e: unknown) => e)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe("config");
    expect(error.message).toContain("AuthenticationTokenExpired");
  });

  it("maps UserIsNotAuthorized to a missing-permission config error naming the account", async () => {
    fake.server.once("POST", "/Reporting/v13/GenerateReport/Submit", failures.notAuthorized());
    const error = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("config");
    expect(error.message).toContain("Missing permission");
    expect(error.message).toContain("150001");
  });

  it("retries CallRateExceeded after Retry-After", async () => {
    fake.server.once("POST", "/Reporting/v13/GenerateReport/Submit", failures.callRate(1));
    const started = Date.now();
    expect(await read({})).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.server.requestsTo("/Reporting/v13/GenerateReport/Submit")).toHaveLength(2);
  });

  it("retries a 500 InternalError", async () => {
    fake.server.once("POST", "/Reporting/v13/GenerateReport/Poll", failures.internal());
    expect(await read({})).toHaveLength(2);
  });

  it("raises a system error when a report fails", async () => {
    fake.server.once("POST", "/Reporting/v13/GenerateReport/Poll", { json: { ReportRequestStatus: { ReportDownloadUrl: null, Status: "Error" } } });
    const error = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("system");
    expect(error.message).toContain("status Error");
  });

  it("refreshes an expired token, persists the rotated refresh token and retries", async () => {
    fake.oauth.expireAccessTokens();
    const { ctx, refreshed } = context();
    await expect(connector.check(ctx)).resolves.toEqual({ ok: true, identity: "ads.owner@example.com" });
    expect(refreshed).toHaveLength(1);
    const next = refreshed[0] as Extract<Credential, { type: "oauth2" }>;
    expect(next.refreshToken).toMatch(/-rotated-/);
    expect(next.refreshToken).toBe(fake.oauth.currentRefreshToken);
    expect(fake.server.requestsTo("/common/oauth2/v2.0/token")[0].form().get("refresh_token")).toBe(REFRESH_TOKEN);
    expect(fake.server.requestsTo("/CustomerManagement/v13/User/Query").at(-1)!.headers.authorization).toBe(`Bearer ${next.accessToken}`);
  });

  it("maps an unexpected payload to a system error with a redacted excerpt", async () => {
    fake.server.once("POST", "/Reporting/v13/GenerateReport/Submit", { json: { ReportRequestIdentifier: 42, echo: ACCESS_TOKEN } });
    const error = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("system");
    expect(error.bodyExcerpt).toContain("ReportRequestIdentifier");
    expect(error.bodyExcerpt).not.toContain(ACCESS_TOKEN);
  });

  it("refuses unknown fields", async () => {
    await expect(read({ fields: ["date", "reach"] })).rejects.toThrow(/Unknown field "reach"/);
  });
});
