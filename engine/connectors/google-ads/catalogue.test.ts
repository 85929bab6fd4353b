// The generated Google Ads catalogue end to end against the fake: new reports and fields read,
// totals that add up across reports and segments, the API's compatibility rules (read from
// googleAdsFields:search, cached per process) enforced before a request, and the custom GAQL report.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { IncompatibleFieldsError, InvalidRequestError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import { executeQuery } from "../../query/execute.js";
import type { Account, Credential, ReadRequest } from "../../core/types.js";
import { googleAdsConnector as connector } from "./connector.js";
import { ACCESS_TOKEN, CLIENT, DEVELOPER_TOKEN, REFRESH_TOKEN, campaignsOf, startGoogleAdsFake, VERSION, type GoogleAdsFake } from "./fake.js";
import { clearGoogleAdsMetadata } from "./metadata.js";

let fake: GoogleAdsFake;
beforeAll(async () => {
  fake = await startGoogleAdsFake();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.server.reset();
  clearGoogleAdsMetadata();
});

const fresh: Credential = { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" };
const context = () => fakeContext(connector, fake, { credential: fresh, app: { ...CLIENT, extra: { developerToken: DEVELOPER_TOKEN } } }).ctx;
const shopFr: Account = { id: "1234567890", name: "Shop FR", timezone: "Europe/Paris", currency: "EUR" };
const day = { start: "2025-03-01", end: "2025-03-01" };

const read = (req: Partial<ReadRequest> & { fields: string[] }, ctx = context()) => collectRows(connector.read(ctx, { accounts: [shopFr], range: day, options: { report: "campaign" }, ...req }));
const streams = () => fake.server.requestsTo(/googleAds:searchStream$/);
const sum = (rows: Record<string, unknown>[], id: string) => Math.round(rows.reduce((s, r) => s + Number(r[id] ?? 0), 0) * 1e6) / 1e6;

describe("google-ads generated catalogue", () => {
  it("lists views and a custom GAQL report, each field with its category", async () => {
    const reports = (await connector.listReports()).map((r) => r.id);
    expect(reports).toEqual(expect.arrayContaining(["account", "campaign", "ad_group", "ad_group_ad", "keyword_view", "search_term_view", "geographic_view", "asset_group", "shopping_performance_view", "age_range_view", "gender_view", "custom_gaql"]));
    const fields = await connector.listFields(undefined, { report: "keyword_view" });
    expect(fields.filter((f) => f.type === "metric").length).toBeGreaterThanOrEqual(300);
    expect(fields.find((f) => f.id === "ad_group_criterion_keyword_text")).toMatchObject({ type: "dimension", category: "Ad group criterion (keyword, audience, demographic)" });
    expect(fields.find((f) => f.id === "search_impression_share")).toMatchObject({ type: "metric", fieldType: "PERCENT", aggregation: "AVG", category: "Metrics: competitive (impression share)" });
    expect(fields.every((f) => f.category)).toBe(true);
  });

  it("reads keywords with their text, match type, quality score and impression share", async () => {
    const rows = await read({ options: { report: "keyword_view" }, fields: ["date", "ad_group_id", "ad_group_criterion_keyword_text", "ad_group_criterion_keyword_match_type", "historical_quality_score", "search_impression_share", "impressions", "cost"] });
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.ad_group_criterion_keyword_text))).toEqual(new Set(["running shoes", "trail shoes"]));
    for (const row of rows) {
      expect(row.ad_group_criterion_keyword_match_type).toMatch(/^(EXACT|PHRASE)$/);
      expect(typeof row.impressions).toBe("number");
      expect(row.search_impression_share === null || (Number(row.search_impression_share) >= 0 && Number(row.search_impression_share) <= 1)).toBe(true);
    }
    expect(streams()[0].json<{ query: string }>().query).toBe(
      "SELECT segments.date, ad_group.id, ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type, metrics.historical_quality_score, metrics.search_impression_share, metrics.impressions, metrics.cost_micros FROM keyword_view WHERE segments.date BETWEEN '2025-03-01' AND '2025-03-01'",
    );
  });

  it("adds up: campaigns sum to the account, keywords and devices to their ad group, hours to the day", async () => {
    const account = await read({ options: { report: "account" }, fields: ["impressions", "cost", "all_conversions"] });
    const campaigns = await read({ fields: ["campaign_id", "impressions", "cost", "all_conversions"] });
    for (const id of ["impressions", "cost", "all_conversions"]) expect(sum(campaigns, id), id).toBe(sum(account, id));
    const [group] = campaignsOf(shopFr.id)[0].adGroups;
    const adGroup = (await read({ options: { report: "ad_group" }, fields: ["ad_group_id", "impressions", "clicks"] })).filter((r) => r.ad_group_id === group.id);
    const keywords = (await read({ options: { report: "keyword_view" }, fields: ["ad_group_id", "impressions", "clicks"] })).filter((r) => r.ad_group_id === group.id);
    const devices = (await read({ options: { report: "ad_group" }, fields: ["ad_group_id", "device", "impressions", "clicks"] })).filter((r) => r.ad_group_id === group.id);
    expect(keywords).toHaveLength(2);
    expect(new Set(devices.map((d) => d.device)).size).toBe(3);
    for (const id of ["impressions", "clicks"]) {
      expect(sum(keywords, id), id).toBe(sum(adGroup, id));
      expect(sum(devices, id), id).toBe(sum(adGroup, id));
    }
    const hours = await read({ options: { report: "account" }, fields: ["date", "hour", "impressions"], granularity: "hour" });
    expect(hours).toHaveLength(24);
    expect(sum(hours, "impressions")).toBe(sum(account, "impressions"));
  });

  it("greys out what the API's metadata says does not combine, fetching the metadata once per process", async () => {
    const ctx = context();
    const none = await connector.incompatibleFields!(ctx, { report: "keyword_view", selected: [] });
    // Product segments exist only FROM shopping_performance_view.
    expect(none.find((i) => i.fieldId === "product_item_id")?.reason).toBe("Google Ads cannot segment keyword_view by segments.product_item_id");
    expect(none.some((i) => i.fieldId === "impressions")).toBe(false);
    // A conversion segment takes only conversion metrics: impressions turn grey, conversions stay.
    const withAction = await connector.incompatibleFields!(ctx, { report: "keyword_view", selected: ["conversion_action_name"] });
    expect(withAction.find((i) => i.fieldId === "impressions")?.reason).toBe("cannot be selected with Conversion action name (segments.conversion_action_name)");
    expect(withAction.some((i) => i.fieldId === "conversions")).toBe(false);
    expect(fake.server.requestsTo(`/${VERSION}/googleAdsFields:search`)).toHaveLength(1);
    const [request] = fake.server.requestsTo(`/${VERSION}/googleAdsFields:search`);
    expect(request.json<{ query: string }>().query).toMatch(/^SELECT name, category, selectable, selectable_with, attribute_resources, metrics, segments WHERE category IN/);
    expect(request.headers["developer-token"]).toBe(DEVELOPER_TOKEN);
    // Without a credential there is no metadata to ask: nothing is greyed, the read still checks.
    expect(await connector.incompatibleFields!(undefined, { report: "keyword_view", selected: ["conversion_action_name"] })).toEqual([]);
  });

  it("refuses an incompatible selection before any report request, naming the fields", async () => {
    const error = await read({ options: { report: "campaign" }, fields: ["date", "conversion_action_name", "impressions"] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IncompatibleFieldsError);
    expect((error as IncompatibleFieldsError).httpStatus).toBe(400);
    expect((error as Error).message).toContain('"impressions" (cannot be selected with Conversion action name (segments.conversion_action_name))');
    expect((error as Error).message).toContain('"conversion_action_name"');
    expect(streams()).toHaveLength(0);
    // An hourly read adds segments.hour itself, so it is checked too: impression share is not hourly.
    const hourly = await read({ fields: ["impressions", "search_impression_share"], granularity: "hour" }).catch((e: unknown) => e);
    expect(hourly).toBeInstanceOf(IncompatibleFieldsError);
    expect(streams()).toHaveLength(0);
  });

  it("also refuses what the fake itself rejects, so the rules the connector reads are the fake's", async () => {
    // Bypassing the connector: the fake answers the API's QueryError for the same combination.
    const ctx = context();
    const error = await ctx.http
      .json({ method: "POST", url: `/customers/${shopFr.id}/googleAds:searchStream`, headers: { "login-customer-id": "1112223333" }, json: { query: "SELECT segments.conversion_action_name, metrics.impressions FROM campaign WHERE segments.date BETWEEN '2025-03-01' AND '2025-03-01'" } })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain("PROHIBITED_SEGMENT_WITH_METRIC_IN_SELECT_OR_WHERE_CLAUSE");
  });
});

describe("google-ads days", () => {
  it("asks for the days of each account's own time zone", async () => {
    // 01:30 UTC on 2 March: already the 2nd in Tokyo, still the 1st in New York.
    const tokyo = { id: "3456789012", name: "Solo Tokyo", timezone: "Asia/Tokyo", currency: "JPY" };
    const newYork = { id: "2345678901", name: "Shop US", timezone: "America/New_York", currency: "USD" };
    const result = await executeQuery({ getConnector: () => connector }, { platform: "google-ads", accounts: [tokyo, newYork], metrics: ["clicks"], dimensions: ["date"], date: { preset: "YESTERDAY" }, options: { report: "account" } }, () => context(), { now: new Date("2025-03-02T01:30:00Z") });
    for await (const _row of result.rows) void _row;
    const queryOf = (id: string) => fake.server.requestsTo(`/${VERSION}/customers/${id}/googleAds:searchStream`)[0].json<{ query: string }>().query;
    expect(queryOf(tokyo.id)).toContain("segments.date BETWEEN '2025-03-01' AND '2025-03-01'");
    expect(queryOf(newYork.id)).toContain("segments.date BETWEEN '2025-02-28' AND '2025-02-28'");
  });
});

describe("google-ads custom GAQL report", () => {
  const gaql = (query: string, fields: string[]) => read({ options: { report: "custom_gaql", gaql: query }, fields });

  it("runs the user's query with the request's date range added to its WHERE", async () => {
    const rows = await gaql("SELECT campaign.name, campaign.status, metrics.clicks FROM campaign WHERE campaign.status = 'ENABLED' ORDER BY metrics.clicks DESC LIMIT 10", ["campaign_name", "clicks"]);
    expect(rows).toEqual([{ campaign_name: "Brand", clicks: expect.any(Number) }]);
    expect(streams()[0].json<{ query: string }>().query).toBe(
      "SELECT campaign.name, campaign.status, metrics.clicks FROM campaign WHERE segments.date BETWEEN '2025-03-01' AND '2025-03-01' AND campaign.status = 'ENABLED' ORDER BY metrics.clicks DESC LIMIT 10",
    );
  });

  it.each([
    ["a second statement", "SELECT campaign.name FROM campaign; SELECT customer.id FROM customer", /one SELECT/],
    ["a PARAMETERS clause", "SELECT campaign.name FROM campaign PARAMETERS include_drafts=true", /PARAMETERS/],
    ["a comment", "SELECT campaign.name FROM campaign -- all", /comments/],
    ["an unknown field", "SELECT campaign.name, metrics.secret FROM campaign", /metrics\.secret is not a Google Ads field/],
    ["an unknown resource", "SELECT campaign.name FROM change_event", /FROM change_event is not one of the resources/],
    ["its own date range", "SELECT campaign.name FROM campaign WHERE segments.date DURING LAST_30_DAYS", /segments\.date comes from the request/],
    ["something else than a condition", "SELECT campaign.name FROM campaign WHERE campaign.name", /is not a condition/],
    ["not a query", "DELETE FROM campaign", /must read SELECT/],
    ["an empty query", "", /write a query/],
  ])("refuses %s without calling the API", async (_what, query, message) => {
    const error = await gaql(query, ["campaign_name"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as Error).message).toMatch(message);
    expect(streams()).toHaveLength(0);
  });

  it("asks for fields that are in the SELECT", async () => {
    const error = (await gaql("SELECT campaign.name FROM campaign", ["campaign_name", "clicks"]).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain("not in the GAQL query's SELECT: clicks (metrics.clicks)");
    expect(streams()).toHaveLength(0);
  });
});
