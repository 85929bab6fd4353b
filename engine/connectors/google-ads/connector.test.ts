import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN, CLIENT, DEVELOPER_TOKEN, REFRESH_TOKEN, campaignsOf, failures, googleError, hourMetrics, startGoogleAdsFake, VERSION, type GoogleAdsFake } from "./fake.js";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { ConnectorError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import type { Account, Credential, ReadRequest } from "../../core/types.js";
import { googleAdsConnector as connector, GOOGLE_ADS_API_VERSION } from "./connector.js";

let fake: GoogleAdsFake;
beforeAll(async () => {
  fake = await startGoogleAdsFake();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.server.reset();
  fake.oauth.reset();
  fake.options.batchSize = 10_000;
  fake.options.pageSize = 10_000;
});

const fresh: Credential = { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" };
const app = { ...CLIENT, extra: { developerToken: DEVELOPER_TOKEN } };
const context = (credential: Credential = fresh) => fakeContext(connector, fake, { credential, app });

const shopFr: Account = { id: "1234567890", name: "Shop FR", timezone: "Europe/Paris", currency: "EUR" };
const solo: Account = { id: "3456789012", name: "Solo Tokyo", timezone: "Asia/Tokyo", currency: "JPY" };

function read(req: Partial<ReadRequest>, ctx = context().ctx) {
  return collectRows(
    connector.read(ctx, {
      accounts: [shopFr],
      fields: ["date", "campaign_id", "impressions", "clicks", "cost", "conversions"],
      range: { start: "2025-03-01", end: "2025-03-01" },
      options: { report: "campaign" },
      ...req,
    }),
  );
}

function dayOf(adGroupId: string, date: string) {
  let impressions = 0, clicks = 0, costMicros = 0, conversions = 0;
  for (let h = 0; h < 24; h++) {
    const m = hourMetrics(adGroupId, date, h);
    impressions += m.impressions;
    clicks += m.clicks;
    costMicros += m.costMicros;
    conversions = Math.round((conversions + m.conversions) * 100) / 100;
  }
  return { impressions, clicks, cost: costMicros / 1e6, conversions };
}

describe("google-ads connector", () => {
  it("targets the fake's API version", () => {
    expect(GOOGLE_ADS_API_VERSION).toBe(VERSION);
  });

  it("reads one campaign page by day with GAQL through searchStream, with the developer token and manager login", async () => {
    const rows = await read({});
    const [brand, generic] = campaignsOf(shopFr.id);
    expect(rows).toEqual([
      { date: "2025-03-01", campaign_id: brand.id, ...dayOf(brand.adGroups[0].id, "2025-03-01") },
      { date: "2025-03-01", campaign_id: generic.id, ...dayOf(generic.adGroups[0].id, "2025-03-01") },
    ]);
    const [stream] = fake.server.requestsTo(`/${VERSION}/customers/${shopFr.id}/googleAds:searchStream`);
    expect(stream.json<{ query: string }>().query).toBe(
      "SELECT segments.date, campaign.id, metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions FROM campaign WHERE segments.date BETWEEN '2025-03-01' AND '2025-03-01'",
    );
    expect(stream.headers["developer-token"]).toBe(DEVELOPER_TOKEN);
    expect(stream.headers["login-customer-id"]).toBe("1112223333");
    expect(stream.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it("yields each searchStream batch as a page", async () => {
    fake.options.batchSize = 2;
    const pages = [];
    for await (const page of connector.read(context().ctx, {
      accounts: [shopFr],
      fields: ["date", "campaign_name", "clicks"],
      range: { start: "2025-03-01", end: "2025-03-03" },
      options: { report: "campaign" },
    })) pages.push(page.rows);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2]);
    expect(pages.flat().map((r) => `${r.date} ${r.campaign_name}`)).toEqual([
      "2025-03-01 Brand", "2025-03-02 Brand", "2025-03-03 Brand", "2025-03-01 Generic", "2025-03-02 Generic", "2025-03-03 Generic",
    ]);
  });

  it("reads hourly account rows, segmenting by date and hour, and fills omitted zero metrics", async () => {
    const rows = await read({ fields: ["date", "hour", "account_id", "impressions", "conversions"], options: { report: "account" }, granularity: "hour" });
    expect(rows).toHaveLength(24);
    const h5 = campaignsOf(shopFr.id).reduce((sum, c) => sum + hourMetrics(c.adGroups[0].id, "2025-03-01", 5).impressions, 0);
    expect(rows[5]).toMatchObject({ date: "2025-03-01", hour: 5, account_id: shopFr.id, impressions: h5 });
    expect(rows.some((r) => r.conversions === 0)).toBe(true);
    const [stream] = fake.server.requestsTo(`/${VERSION}/customers/${shopFr.id}/googleAds:searchStream`);
    expect(stream.json<{ query: string }>().query).toContain("FROM customer");
    expect(stream.json<{ query: string }>().query).toContain("segments.hour");
  });

  it("returns no rows for a range without traffic batches", async () => {
    fake.server.once("POST", `/${VERSION}/customers/${solo.id}/googleAds:searchStream`, { json: [{ fieldMask: "x", requestId: "r" }] });
    expect(await read({ accounts: [solo] })).toEqual([]);
    // Directly accessible: it is its own login customer.
    expect(fake.server.requestsTo(`/${VERSION}/customers/${solo.id}/googleAds:searchStream`)[0].headers["login-customer-id"]).toBe(solo.id);
  });

  it("lists enabled and cancelled client accounts across manager pages, without managers", async () => {
    fake.options.pageSize = 2;
    const accounts = await connector.listAccounts(context().ctx);
    expect(accounts).toEqual([
      { id: "1234567890", name: "Shop FR", timezone: "Europe/Paris", currency: "EUR", status: "active" },
      { id: "2345678901", name: "Shop US", timezone: "America/New_York", currency: "USD", status: "active" },
      { id: "4445556666", name: "Closed shop", timezone: "Europe/Berlin", currency: "EUR", status: "closed" },
      { id: "3456789012", name: "Solo Tokyo", timezone: "Asia/Tokyo", currency: "JPY", status: "active" },
    ]);
    const pages = fake.server.requestsTo(`/${VERSION}/customers/1112223333/googleAds:search`);
    expect(pages.map((r) => r.json<{ pageToken?: string }>().pageToken)).toEqual([undefined, "page-1"]);
  });

  it("maps a 401 without refresh token to a config error", async () => {
    fake.server.once("POST", /googleAds:searchStream$/, failures.expiredToken());
    const error = await read({}, context({ type: "oauth2", accessToken: ACCESS_TOKEN }).ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).kind).toBe("config");
    expect((error as ConnectorError).message).toMatch(/Reconnect/);
  });

  it("maps USER_PERMISSION_DENIED to a missing-permission config error", async () => {
    fake.server.once("POST", /googleAds:searchStream$/, failures.permissionDenied());
    const error = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("config");
    expect(error.message).toContain("Missing permission");
    expect(error.message).toContain(shopFr.id);
  });

  it("waits out a quota error's retryDelay, then succeeds", async () => {
    fake.server.once("POST", /googleAds:searchStream$/, failures.quota("1s"));
    const started = Date.now();
    const rows = await read({});
    expect(rows).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.server.requestsTo(/googleAds:searchStream$/)).toHaveLength(2);
  });

  it("honours Retry-After on a bare 429", async () => {
    fake.server.once("POST", /googleAds:searchStream$/, { status: 429, headers: { "retry-after": "1" }, json: { error: { code: 429, status: "RESOURCE_EXHAUSTED", message: "Too many requests" } } });
    const started = Date.now();
    expect(await read({})).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("retries a 500 internal error", async () => {
    fake.server.once("POST", /googleAds:searchStream$/, failures.internal());
    expect(await read({})).toHaveLength(2);
    expect(fake.server.requestsTo(/googleAds:searchStream$/)).toHaveLength(2);
  });

  it("refreshes an expired access token, persists it and retries", async () => {
    fake.oauth.expireAccessTokens();
    const { ctx, refreshed } = context();
    const rows = await read({}, ctx);
    expect(rows).toHaveLength(2);
    expect(fake.oauth.refreshes).toBeGreaterThanOrEqual(1);
    expect(refreshed).toHaveLength(1);
    const next = refreshed[0] as Extract<Credential, { type: "oauth2" }>;
    expect(next.accessToken).toMatch(/-refreshed-/);
    expect(next.refreshToken).toBe(REFRESH_TOKEN);
    const token = fake.server.requestsTo("/token")[0].form();
    expect(token.get("grant_type")).toBe("refresh_token");
    expect(token.get("client_id")).toBe(CLIENT.clientId);
    const last = fake.server.requestsTo(/googleAds:searchStream$/).at(-1)!;
    expect(last.headers.authorization).toBe(`Bearer ${next.accessToken}`);
  });

  it("refuses unknown fields and reports", async () => {
    await expect(read({ fields: ["date", "reach"] })).rejects.toThrow(/Unknown field "reach"/);
    await expect(read({ options: { report: "keywords" } })).rejects.toThrow(/Unknown google-ads report "keywords"/);
  });

  it("raises a system error when the developer token is missing on the server", async () => {
    const { ctx } = fakeContext(connector, fake, { credential: fresh, app: CLIENT });
    const error = (await connector.check(ctx).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("system");
    expect(error.message).toContain("GOOGLE_ADS_DEVELOPER_TOKEN");
  });

  it("maps an unexpected payload to a system error with a redacted excerpt", async () => {
    fake.server.once("POST", /googleAds:searchStream$/, { json: { results: "not a batch array", echo: ACCESS_TOKEN } });
    const error = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("system");
    expect(error.message).toContain("unexpected payload");
    expect(error.bodyExcerpt).toContain("not a batch array");
    expect(error.bodyExcerpt).not.toContain(ACCESS_TOKEN);
  });

  it("fails the read on a 200 searchStream answer with an {error} element, keeping none of the batches before it", async () => {
    fake.options.batchSize = 1;
    fake.failMidStream({ code: 400, message: "Request contains an invalid argument.", status: "INVALID_ARGUMENT", details: [{ "@type": `type.googleapis.com/google.ads.googleads.${VERSION}.errors.GoogleAdsFailure`, errors: [{ errorCode: { queryError: "DATE_RANGE_TOO_WIDE" }, message: "The date range is too wide." }] }] }, 1);
    const pages: unknown[] = [];
    const error = await (async () => {
      for await (const page of connector.read(context().ctx, { accounts: [shopFr], fields: ["date", "campaign_id", "clicks"], range: { start: "2025-03-01", end: "2025-03-01" }, options: { report: "campaign" } })) pages.push(page);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).message).toContain("DATE_RANGE_TOO_WIDE");
    expect((error as ConnectorError).kind).toBe("system");
    expect(pages).toEqual([]);
    // An error as the only element is no "empty result" either.
    fake.failMidStream({ code: 429, message: "Too many requests.", status: "RESOURCE_EXHAUSTED", details: [{ "@type": `type.googleapis.com/google.ads.googleads.${VERSION}.errors.GoogleAdsFailure`, errors: [{ errorCode: { quotaError: "RESOURCE_TEMPORARILY_EXHAUSTED" }, message: "Too many requests." }] }] }, 0);
    const quota = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(quota.kind).toBe("transient");
  });

  it("reports CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION as the operator's setup, not the user's permission", async () => {
    fake.server.once("POST", /googleAds:searchStream$/, googleError(403, "PERMISSION_DENIED", "The Google Cloud project is not approved for production use.", { authorizationError: "CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION" }));
    const error = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("system");
    expect(error.message).toContain("CLOUD_PROJECT_NOT_APPROVED_FOR_PRODUCTION");
    expect(error.message).toContain("operator");
    expect(error.message).not.toMatch(/Missing permission|Ask an admin/);
  });

  it("checks a credential by listing accessible customers", async () => {
    await expect(connector.check(context().ctx)).resolves.toEqual({ ok: true, identity: "2 accessible Google Ads customers" });
  });
});
