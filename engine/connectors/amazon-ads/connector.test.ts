import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN, CLIENT, PROFILES, REFRESH_TOKEN, campaignsOf, dayStats, failures, startAmazonAdsFake, type AmazonAdsFake } from "./fake.js";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { ConnectorError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import type { Account, Credential, ReadRequest } from "../../core/types.js";
import { createAmazonAdsConnector } from "./connector.js";

const connector = createAmazonAdsConnector({ poll: { initialDelayMs: 5, maxDelayMs: 10 } });
let fake: AmazonAdsFake;
beforeAll(async () => {
  fake = await startAmazonAdsFake();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.server.reset();
  fake.oauth.reset();
  fake.options.pendingPolls = 0;
});

const fresh: Credential = { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" };
const context = (credential: Credential = fresh) => fakeContext(connector, fake, { credential, app: CLIENT });
const us: Account = { id: String(PROFILES[0].profileId), name: "Acme Store (US)", timezone: "America/Los_Angeles", currency: "USD" };

function read(req: Partial<ReadRequest>, ctx = context().ctx) {
  return collectRows(
    connector.read(ctx, {
      accounts: [us],
      fields: ["date", "campaign_id", "impressions", "clicks", "cost", "conversions", "ctr"],
      range: { start: "2025-03-01", end: "2025-03-01" },
      options: { report: "sp_campaigns" },
      ...req,
    }),
  );
}

describe("amazon-ads connector", () => {
  it("creates a v3 report with the profile scope, downloads the gzipped JSON and maps it", async () => {
    const rows = await read({});
    const [auto] = campaignsOf(PROFILES[0].profileId);
    const s = dayStats(auto.campaignId, "2025-03-01");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      date: "2025-03-01",
      campaign_id: String(auto.campaignId),
      impressions: s.impressions,
      clicks: s.clicks,
      cost: s.cost,
      conversions: s.purchases,
      ctr: Math.round((s.clicks / s.impressions) * 1e6) / 1e6,
    });
    const [create] = fake.server.requestsTo("/reporting/reports", "POST");
    expect(create.headers["amazon-advertising-api-scope"]).toBe(us.id);
    expect(create.headers["amazon-advertising-api-clientid"]).toBe(CLIENT.clientId);
    expect(create.headers["content-type"]).toBe("application/vnd.createasyncreportrequest.v3+json");
    expect(create.json()).toMatchObject({
      startDate: "2025-03-01",
      endDate: "2025-03-01",
      configuration: { adProduct: "SPONSORED_PRODUCTS", reportTypeId: "spCampaigns", groupBy: ["campaign"], timeUnit: "DAILY", format: "GZIP_JSON" },
    });
    expect(fake.server.requestsTo("/s3/:file")[0].headers.authorization).toBeUndefined();
  });

  it("polls a PENDING then PROCESSING report until COMPLETED", async () => {
    fake.options.pendingPolls = 2;
    expect(await read({})).toHaveLength(2);
    expect(fake.server.requestsTo("/reporting/reports/:id").length).toBe(3);
  });

  it("follows the original report when Amazon answers 425 duplicate", async () => {
    fake.options.pendingPolls = 1;
    const before = fake.jobs.size;
    const first = read({});
    const second = read({});
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual(b);
    // Two creates, one job: the second create was answered 425 with the first job's id.
    expect(fake.jobs.size).toBe(before + 1);
    const creates = fake.server.requestsTo("/reporting/reports", "POST");
    expect(creates).toHaveLength(2);
  });

  it("sums campaigns into account rows when no campaign dimension is asked", async () => {
    const rows = await read({ fields: ["date", "account_id", "account_name", "impressions", "cost"], range: { start: "2025-03-01", end: "2025-03-02" } });
    const sum = (date: string) => campaignsOf(PROFILES[0].profileId).reduce((n, c) => n + dayStats(c.campaignId, date).impressions, 0);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ date: "2025-03-01", account_id: us.id, account_name: "Acme Store (US)", impressions: sum("2025-03-01") });
    expect(rows[1]).toMatchObject({ date: "2025-03-02", impressions: sum("2025-03-02") });
  });

  it("splits ranges longer than 31 days into several reports (pages)", async () => {
    const pages: number[] = [];
    for await (const page of connector.read(context().ctx, { accounts: [us], fields: ["date", "campaign_id", "clicks"], range: { start: "2025-01-01", end: "2025-02-15" }, options: { report: "sp_campaigns" } })) pages.push(page.rows.length);
    expect(pages).toEqual([62, 30]);
    const bodies = fake.server.requestsTo("/reporting/reports", "POST").map((r) => r.json<{ startDate: string; endDate: string }>());
    expect(bodies.map((b) => [b.startDate, b.endDate])).toEqual([["2025-01-01", "2025-01-31"], ["2025-02-01", "2025-02-15"]]);
  });

  it("returns no rows when a COMPLETED report has no file", async () => {
    fake.server.once("GET", "/reporting/reports/:id", (req) => ({ json: { reportId: req.params.id, status: "COMPLETED", url: null } }));
    expect(await read({})).toEqual([]);
  });

  it("lists profiles as accounts with their timezone and currency", async () => {
    expect(await connector.listAccounts(context().ctx)).toEqual([
      { id: "3210987654321", name: "Acme Store (US)", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
      { id: "4321098765432", name: "Acme Store (DE)", timezone: "Europe/Berlin", currency: "EUR", status: "active" },
    ]);
    expect(fake.server.requestsTo("/v2/profiles")[0].headers["amazon-advertising-api-clientid"]).toBe(CLIENT.clientId);
  });

  it("maps a 401 that cannot be refreshed to a config error", async () => {
    fake.server.once("GET", "/v2/profiles", failures.unauthorized());
    const error = (await connector.check(context({ type: "oauth2", accessToken: ACCESS_TOKEN }).ctx).catch((e: unknown) => e)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe("config");
  });

  it("maps a 403 on a profile to a missing-permission error", async () => {
    fake.server.once("POST", "/reporting/reports", failures.scopeForbidden());
    const error = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("config");
    expect(error.message).toContain(`Missing permission on Amazon Ads profile ${us.id}`);
  });

  it("retries a 429 after Retry-After", async () => {
    fake.server.once("POST", "/reporting/reports", failures.throttled(1));
    const started = Date.now();
    expect(await read({})).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("retries a 500", async () => {
    fake.server.once("GET", "/reporting/reports/:id", failures.internal());
    expect(await read({})).toHaveLength(2);
  });

  it("raises a system error when the report FAILED", async () => {
    fake.server.once("GET", "/reporting/reports/:id", (req) => ({ json: { reportId: req.params.id, status: "FAILED", failureReason: "Internal failure" } }));
    const error = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("system");
    expect(error.message).toContain("Internal failure");
  });

  it("refreshes an expired token through Login with Amazon, persists it and retries", async () => {
    fake.oauth.expireAccessTokens();
    const { ctx, refreshed } = context();
    expect(await read({}, ctx)).toHaveLength(2);
    expect(refreshed).toHaveLength(1);
    const token = fake.server.requestsTo("/auth/o2/token")[0].form();
    expect(token.get("refresh_token")).toBe(REFRESH_TOKEN);
    expect(token.get("client_id")).toBe(CLIENT.clientId);
    const next = refreshed[0] as Extract<Credential, { type: "oauth2" }>;
    expect(fake.server.requestsTo("/reporting/reports", "POST").at(-1)!.headers.authorization).toBe(`Bearer ${next.accessToken}`);
  });

  it("maps an unexpected payload to a system error with a redacted excerpt", async () => {
    fake.server.once("GET", "/reporting/reports/:id", { json: { state: "DONE", echo: ACCESS_TOKEN } });
    const error = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("system");
    expect(error.bodyExcerpt).toContain("DONE");
    expect(error.bodyExcerpt).not.toContain(ACCESS_TOKEN);
  });

  it("refuses hourly reads and unknown fields", async () => {
    await expect(read({ granularity: "hour" })).rejects.toThrow(/no hourly breakdown/);
    await expect(read({ fields: ["date", "hour"] })).rejects.toThrow(/Unknown field "hour"/);
  });
});
