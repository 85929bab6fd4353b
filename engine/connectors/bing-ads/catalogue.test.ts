// The generated catalogue is the SDK's, whole and fresh; new reports and columns read end to end
// against the fake; the platform's column restrictions are enforced before any request.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { collectRows } from "../../core/pages.js";
import type { Account } from "../../core/types.js";
import { bingAdsConnector as connector } from "./connector.js";
import { ACCESS_TOKEN, CLIENT, DEVELOPER_TOKEN, REFRESH_TOKEN, startBingAdsFake, type BingAdsFake } from "./fake.js";
import { GENERATED_PATH, generateBingCatalogue, SNAPSHOT_PATH, type BingSnapshot } from "./generate-catalogue.js";

const snapshot = JSON.parse(readFileSync(SNAPSHOT_PATH, "utf8")) as BingSnapshot;

describe("bing-ads generated catalogue", () => {
  it("is what the generator writes from the committed SDK snapshot (regenerate after changing either)", () => {
    expect(readFileSync(GENERATED_PATH, "utf8")).toBe(generateBingCatalogue(snapshot));
  });

  it("comes from the SDK version the extraction script pins", () => {
    const script = readFileSync(new URL("../../../scripts/catalogues/extract-sdk-metadata.py", import.meta.url), "utf8");
    expect(script).toContain(`"bing-ads": ("${snapshot.package}", "${snapshot.version}"`);
  });

  it("offers every report type and every column of the SDK as a field of its report", async () => {
    const reports = await connector.listReports();
    expect(reports).toHaveLength(Object.keys(snapshot.reports).length);
    expect(reports.length).toBeGreaterThanOrEqual(48);
    let offered = 0;
    let documented = 0;
    for (const [requestType, def] of Object.entries(snapshot.reports)) {
      const report = reports.find((r) => r.description.includes(`(${requestType})`))!;
      const fields = await connector.listFields(undefined, { report: report.id });
      documented += def.columns.length;
      // TimePeriod is date (and hour); every other column is a field of its own.
      offered += fields.filter((f) => f.id !== "hour").length;
      for (const f of fields) expect(f.category, `${report.id}.${f.id}`).toBeTruthy();
    }
    expect(offered).toBe(documented);
  });

  it("keeps the ids saved jobs and alerts already use", async () => {
    const ids = (await connector.listFields(undefined, { report: "campaign" })).map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(["date", "hour", "account_id", "account_name", "account_currency", "campaign_id", "campaign_name", "campaign_status", "campaign_type", "impressions", "clicks", "cost", "conversions", "conversion_value", "all_conversions", "view_through_conversions", "ctr", "average_cpc"]));
  });
});

describe("bing-ads reports beyond accounts, campaigns and ad groups", () => {
  let fake: BingAdsFake;
  beforeAll(async () => {
    fake = await startBingAdsFake();
  });
  afterAll(() => fake.close());
  const fr: Account = { id: "150001", name: "Contoso FR", timezone: "Europe/Paris", currency: "EUR" };
  const ctx = () => fakeContext(connector, fake, { credential: { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" }, app: { ...CLIENT, extra: { developerToken: DEVELOPER_TOKEN } } }).ctx;

  it("reads the keyword report with generated columns, whose rows add up to the campaign's totals", async () => {
    const range = { start: "2025-03-01", end: "2025-03-02" };
    const keywords = await collectRows(connector.read(ctx(), { accounts: [fr], fields: ["date", "campaign_id", "keyword", "device_type", "impressions", "cost", "quality_score", "top_impression_rate_percent"], range, options: { report: "keyword" } }));
    const campaigns = await collectRows(connector.read(ctx(), { accounts: [fr], fields: ["date", "campaign_id", "impressions", "cost"], range, options: { report: "campaign" } }));
    const submitted = fake.server.requestsTo("/Reporting/v13/GenerateReport/Submit").map((r) => r.json<{ ReportRequest: Record<string, any> }>().ReportRequest);
    expect(submitted[0]).toMatchObject({ Type: "KeywordPerformanceReportRequest", Aggregation: "Daily" });
    expect(submitted[0].Columns).toEqual(["TimePeriod", "AccountId", "CampaignId", "Keyword", "DeviceType", "Impressions", "Spend", "QualityScore", "TopImpressionRatePercent"]);
    expect(keywords.length).toBeGreaterThan(campaigns.length);
    for (const c of campaigns) {
      const parts = keywords.filter((k) => k.date === c.date && k.campaign_id === c.campaign_id);
      expect(parts.reduce((s, k) => s + Number(k.impressions), 0)).toBe(c.impressions);
      expect(Math.round(parts.reduce((s, k) => s + Number(k.cost), 0) * 100) / 100).toBe(c.cost);
    }
    for (const k of keywords) {
      expect(typeof k.keyword).toBe("string");
      expect(Number(k.top_impression_rate_percent)).toBeGreaterThanOrEqual(0);
      expect(Number(k.top_impression_rate_percent)).toBeLessThanOrEqual(1);
    }
  });

  it("reads a report without Time or Aggregation (negative keyword conflicts)", async () => {
    const rows = await collectRows(connector.read(ctx(), { accounts: [fr], fields: ["campaign_name", "keyword", "negative_keyword"], range: { start: "2025-03-01", end: "2025-03-01" }, options: { report: "negative_keyword_conflict" } }));
    expect(rows.length).toBeGreaterThan(0);
    const body = fake.server.requestsTo("/Reporting/v13/GenerateReport/Submit").at(-1)!.json<{ ReportRequest: Record<string, unknown> }>().ReportRequest;
    expect(body.Type).toBe("NegativeKeywordConflictReportRequest");
    expect(body).not.toHaveProperty("Time");
    expect(body).not.toHaveProperty("Aggregation");
  });

  it("greys out the restricted attributes once an impression share column is chosen, and refuses the mix", async () => {
    const refused = await connector.incompatibleFields!(undefined, { report: "campaign", selected: ["impression_share_percent"] });
    expect(refused.map((r) => r.fieldId).sort()).toEqual(["ad_distribution", "bid_match_type", "delivered_match_type", "device_os", "top_vs_other"]);
    expect(refused[0].reason).toMatch(/impression share/);
    expect(await connector.incompatibleFields!(undefined, { report: "campaign", selected: ["top_vs_other"] })).toEqual(expect.arrayContaining([expect.objectContaining({ fieldId: "impression_share_percent" })]));
    expect(await connector.incompatibleFields!(undefined, { report: "campaign", selected: ["device_type", "clicks"] })).toEqual([]);
    const before = fake.server.requestsTo("/Reporting/v13/GenerateReport/Submit").length;
    await expect(collectRows(connector.read(ctx(), { accounts: [fr], fields: ["top_vs_other", "impression_share_percent"], range: { start: "2025-03-01", end: "2025-03-01" }, options: { report: "campaign" } }))).rejects.toThrow(/top_vs_other|impression_share_percent/);
    expect(fake.server.requestsTo("/Reporting/v13/GenerateReport/Submit")).toHaveLength(before);
  });

  it("refuses hourly reads of a report that has no hours", async () => {
    await expect(collectRows(connector.read(ctx(), { accounts: [fr], fields: ["date", "daily_spend"], granularity: "hour", range: { start: "2025-03-01", end: "2025-03-01" }, options: { report: "budget_summary" } }))).rejects.toThrow(/hourly/);
  });
});
