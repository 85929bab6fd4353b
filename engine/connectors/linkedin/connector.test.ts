import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN, AD_ACCOUNTS, CLIENT, REFRESH_TOKEN, VERSION, campaignsOf, dayStats, failures, startLinkedInFake, type LinkedInFake } from "./fake.js";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { createConnectorContext } from "../../core/context.js";
import { ConnectorError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import type { Account, Credential, ReadRequest } from "../../core/types.js";
import { linkedInConnector as connector, LINKEDIN_VERSION } from "./connector.js";
import { untilUtcMidnightMs } from "./errors.js";
import { restliDateRange, restliList } from "./restli.js";

let fake: LinkedInFake;
beforeAll(async () => {
  fake = await startLinkedInFake();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.server.reset();
  fake.oauth.reset();
  fake.options.pageSize = 100;
});

const fresh: Credential = { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" };
const context = (credential: Credential = fresh) => fakeContext(connector, fake, { credential, app: CLIENT });
const brand: Account = { id: String(AD_ACCOUNTS[0].id), name: "Acme Brand", timezone: "UTC", currency: "EUR" };

function read(req: Partial<ReadRequest>, ctx = context().ctx) {
  return collectRows(
    connector.read(ctx, {
      accounts: [brand],
      fields: ["date", "campaign_id", "campaign_name", "impressions", "clicks", "cost", "conversions"],
      range: { start: "2025-03-01", end: "2025-03-01" },
      options: { report: "campaign" },
      ...req,
    }),
  );
}

describe("linkedin connector", () => {
  it("targets the fake's LinkedIn-Version", () => {
    expect(LINKEDIN_VERSION).toBe(VERSION);
  });

  it("reads daily campaign analytics with campaign names, versioned headers and Rest.li parameters", async () => {
    const rows = await read({});
    const [awareness] = campaignsOf(AD_ACCOUNTS[0].id);
    const s = dayStats(awareness.id, "2025-03-01");
    expect(rows[0]).toEqual({
      date: "2025-03-01",
      campaign_id: String(awareness.id),
      campaign_name: "Awareness Q1",
      impressions: s.impressions,
      clicks: s.clicks,
      cost: s.costInLocalCurrency,
      conversions: s.externalWebsiteConversions,
    });
    expect(rows).toHaveLength(3);
    const [analytics] = fake.server.requestsTo("/rest/adAnalytics");
    expect(Object.fromEntries(analytics.query)).toEqual({
      q: "analytics",
      pivot: "CAMPAIGN",
      timeGranularity: "DAILY",
      dateRange: "(start:(year:2025,month:3,day:1),end:(year:2025,month:3,day:1))",
      accounts: `List(urn:li:sponsoredAccount:${brand.id})`,
      fields: "dateRange,pivotValues,impressions,clicks,costInLocalCurrency,externalWebsiteConversions",
    });
    expect(analytics.headers["linkedin-version"]).toBe(VERSION);
    expect(analytics.headers["x-restli-protocol-version"]).toBe("2.0.0");
  });

  it("leaves a metric missing from an analytics element null, not 0", async () => {
    fake.server.once("GET", "/rest/adAnalytics", {
      json: { elements: [{ dateRange: { start: { year: 2025, month: 3, day: 1 }, end: { year: 2025, month: 3, day: 1 } }, pivotValues: ["urn:li:sponsoredCampaign:5080000011"], impressions: 900 }] },
    });
    expect(await read({ fields: ["date", "campaign_id", "impressions", "clicks", "cost"] })).toEqual([{ date: "2025-03-01", campaign_id: "5080000011", impressions: 900, clicks: null, cost: null }]);
  });

  it("keeps Rest.li syntax unencoded and URNs encoded on the wire", async () => {
    const urls: string[] = [];
    const ctx = createConnectorContext(connector, {
      credential: fresh,
      app: CLIENT,
      baseUrl: fake.baseUrl,
      tokenUrl: fake.tokenUrl,
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(input, init);
      },
    });
    await read({ fields: ["date", "clicks"] }, ctx);
    const url = urls.find((u) => u.includes("/adAnalytics"))!;
    expect(url).toContain("dateRange=(start:(year:2025,month:3,day:1),end:(year:2025,month:3,day:1))");
    expect(url).toContain(`accounts=List(urn%3Ali%3AsponsoredAccount%3A${brand.id})`);
    expect(restliList(["urn:li:sponsoredCampaign:1", "urn:li:sponsoredCampaign:2"])).toBe("List(urn%3Ali%3AsponsoredCampaign%3A1,urn%3Ali%3AsponsoredCampaign%3A2)");
    expect(restliDateRange({ start: "2025-12-31", end: "2026-01-02" })).toBe("(start:(year:2025,month:12,day:31),end:(year:2026,month:1,day:2))");
  });

  it("reads account totals by day and derives ctr and cpc from their parts", async () => {
    const rows = await read({ fields: ["date", "account_id", "impressions", "ctr", "average_cpc"], options: { report: "account" }, range: { start: "2025-03-01", end: "2025-03-02" } });
    expect(rows).toHaveLength(2);
    const imps = campaignsOf(AD_ACCOUNTS[0].id).reduce((n, c) => n + dayStats(c.id, "2025-03-02").impressions, 0);
    expect(rows[1]).toMatchObject({ date: "2025-03-02", account_id: brand.id, impressions: imps });
    expect(rows[1].ctr).toBeGreaterThan(0);
    const query = fake.server.requestsTo("/rest/adAnalytics")[0].query;
    expect(query.get("pivot")).toBe("ACCOUNT");
    expect(query.get("fields")).toBe("dateRange,pivotValues,impressions,clicks,costInLocalCurrency");
    expect(fake.server.requestsTo("/rest/adAccounts/:id/adCampaigns")).toHaveLength(0);
  });

  it("splits long ranges into 31-day requests, each a page", async () => {
    const pages: number[] = [];
    for await (const page of connector.read(context().ctx, { accounts: [brand], fields: ["date", "clicks"], range: { start: "2025-01-01", end: "2025-02-10" }, options: { report: "account" } })) pages.push(page.rows.length);
    expect(pages).toEqual([31, 10]);
    expect(fake.server.requestsTo("/rest/adAnalytics").map((r) => r.query.get("dateRange"))).toEqual([
      "(start:(year:2025,month:1,day:1),end:(year:2025,month:1,day:31))",
      "(start:(year:2025,month:2,day:1),end:(year:2025,month:2,day:10))",
    ]);
  });

  it("returns no rows when adAnalytics has no elements", async () => {
    fake.server.once("GET", "/rest/adAnalytics", { json: { paging: { start: 0, count: 10, links: [] }, elements: [] } });
    expect(await read({ fields: ["date", "clicks"] })).toEqual([]);
  });

  it("lists ad accounts across pageToken pages, in UTC", async () => {
    fake.options.pageSize = 1;
    const accounts = await connector.listAccounts(context().ctx);
    expect(accounts).toEqual([
      { id: "508000001", name: "Acme Brand", timezone: "UTC", currency: "EUR", status: "active" },
      { id: "508000002", name: "Acme Careers", timezone: "UTC", currency: "USD", status: "active" },
      { id: "508000003", name: "Old tests", timezone: "UTC", currency: "EUR", status: "closed" },
    ]);
    expect(fake.server.requestsTo("/rest/adAccounts").map((r) => r.query.get("pageToken"))).toEqual([null, "1", "2"]);
  });

  it("pages campaigns when resolving names", async () => {
    fake.options.pageSize = 2;
    const rows = await read({ fields: ["campaign_name", "clicks"] });
    expect(rows.map((r) => r.campaign_name)).toEqual(["Awareness Q1", "Lead gen", "Retargeting"]);
    expect(fake.server.requestsTo("/rest/adAccounts/:id/adCampaigns")).toHaveLength(2);
    expect(fake.server.requestsTo("/rest/adAnalytics")[0].query.get("timeGranularity")).toBe("ALL");
  });

  it("maps a 401 that cannot be refreshed to a config error", async () => {
    fake.server.once("GET", "/rest/adAnalytics", failures.expired());
    const error = (await read({}, context({ type: "oauth2", accessToken: ACCESS_TOKEN }).ctx).catch((e: unknown) => e)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe("config");
    expect(error.message).toContain("EXPIRED_ACCESS_TOKEN");
  });

  it("maps ACCESS_DENIED to a missing-permission error naming the account", async () => {
    fake.server.once("GET", "/rest/adAnalytics", failures.forbidden());
    const error = (await read({ fields: ["date", "clicks"] }).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("config");
    expect(error.message).toContain(`Missing permission`);
    expect(error.message).toContain(`ad account ${brand.id}`);
  });

  it("retries a 429 after Retry-After", async () => {
    fake.server.once("GET", "/rest/adAnalytics", failures.throttled(1));
    const started = Date.now();
    expect(await read({ fields: ["date", "clicks"] })).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("hands a daily throttle without Retry-After back with the UTC midnight reset", async () => {
    fake.server.once("GET", "/rest/adAnalytics", failures.throttled());
    const error = (await read({ fields: ["date", "clicks"] }).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("transient");
    expect(error.message).toContain("T00:00:00.000Z");
    expect(untilUtcMidnightMs(new Date("2025-03-01T23:00:00Z"))).toBe(3_600_000);
  });

  it("retries a 504", async () => {
    fake.server.once("GET", "/rest/adAnalytics", failures.gateway());
    expect(await read({ fields: ["date", "clicks"] })).toHaveLength(3);
    expect(fake.server.requestsTo("/rest/adAnalytics")).toHaveLength(2);
  });

  it("refreshes an expired token, persists it and retries", async () => {
    fake.oauth.expireAccessTokens();
    const { ctx, refreshed } = context();
    expect(await read({ fields: ["date", "clicks"] }, ctx)).toHaveLength(3);
    expect(refreshed).toHaveLength(1);
    const form = fake.server.requestsTo("/oauth/v2/accessToken")[0].form();
    expect(form.get("grant_type")).toBe("refresh_token");
    expect(form.get("client_secret")).toBe(CLIENT.clientSecret);
    const next = refreshed[0] as Extract<Credential, { type: "oauth2" }>;
    expect(fake.server.requestsTo("/rest/adAnalytics").at(-1)!.headers.authorization).toBe(`Bearer ${next.accessToken}`);
  });

  it("maps an unexpected payload to a system error with a redacted excerpt", async () => {
    fake.server.once("GET", "/rest/adAnalytics", { json: { elements: "none", echo: ACCESS_TOKEN } });
    const error = (await read({ fields: ["date", "clicks"] }).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("system");
    expect(error.bodyExcerpt).toContain("none");
    expect(error.bodyExcerpt).not.toContain(ACCESS_TOKEN);
  });

  it("refuses hourly reads and unknown fields", async () => {
    await expect(read({ granularity: "hour" })).rejects.toThrow(/no hourly breakdown/);
    await expect(read({ fields: ["date", "reach"] })).rejects.toThrow(/Unknown field "reach"/);
  });
});
