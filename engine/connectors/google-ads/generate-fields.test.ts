// The Google Ads catalogue is generated from the installed google-ads-api package, never typed by
// hand: this fails when fields.generated.ts differs from what generate-fields.ts writes now (a
// package upgrade or a rule change without regenerating), and holds the coverage goal.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GAQL_FIELDS, PLATFORM_COUNTS } from "./fields.generated.js";
import { GENERATED_FILE, renderGeneratedFields } from "./generate-fields.js";

describe("generated Google Ads catalogue", () => {
  it("is what generate-fields.ts writes from the installed package (regenerate: npx tsx engine/connectors/google-ads/generate-fields.ts)", async () => {
    expect(readFileSync(GENERATED_FILE, "utf8") === (await renderGeneratedFields()), "fields.generated.ts is stale").toBe(true);
  });

  it("offers every metric and segment of the API (at least 300 and 150) with a type, aggregation, category and description", () => {
    const metrics = GAQL_FIELDS.filter((f) => f.gaqlCategory === "METRIC");
    const segments = GAQL_FIELDS.filter((f) => f.gaqlCategory === "SEGMENT");
    expect(metrics).toHaveLength(PLATFORM_COUNTS.metrics);
    expect(segments).toHaveLength(PLATFORM_COUNTS.segments);
    expect(metrics.length).toBeGreaterThanOrEqual(300);
    expect(segments.length).toBeGreaterThanOrEqual(150);
    for (const f of GAQL_FIELDS) {
      expect(f.description.length, f.gaql).toBeGreaterThan(0);
      expect(f.category, f.gaql).toBeTruthy();
      expect(f.type === "metric" ? f.aggregation !== "NONE" : f.aggregation === "NONE", f.gaql).toBe(true);
    }
    expect(new Set(GAQL_FIELDS.map((f) => f.id)).size).toBe(GAQL_FIELDS.length);
  });

  it("keeps the ids the connector had before (jobs, alerts and saved queries refer to them)", () => {
    const byId = new Map(GAQL_FIELDS.map((f) => [f.id, f.gaql]));
    expect(Object.fromEntries(["date", "hour", "account_id", "account_name", "account_currency", "campaign_id", "campaign_name", "campaign_status", "campaign_type", "campaign_budget", "ad_group_id", "ad_group_name", "ad_group_status", "impressions", "clicks", "cost", "conversions", "conversion_value", "all_conversions", "view_through_conversions", "interactions", "ctr", "average_cpc"].map((id) => [id, byId.get(id)]))).toEqual({
      date: "segments.date",
      hour: "segments.hour",
      account_id: "customer.id",
      account_name: "customer.descriptive_name",
      account_currency: "customer.currency_code",
      campaign_id: "campaign.id",
      campaign_name: "campaign.name",
      campaign_status: "campaign.status",
      campaign_type: "campaign.advertising_channel_type",
      campaign_budget: "campaign_budget.amount_micros",
      ad_group_id: "ad_group.id",
      ad_group_name: "ad_group.name",
      ad_group_status: "ad_group.status",
      impressions: "metrics.impressions",
      clicks: "metrics.clicks",
      cost: "metrics.cost_micros",
      conversions: "metrics.conversions",
      conversion_value: "metrics.conversions_value",
      all_conversions: "metrics.all_conversions",
      view_through_conversions: "metrics.view_through_conversions",
      interactions: "metrics.interactions",
      ctr: "metrics.ctr",
      average_cpc: "metrics.average_cpc",
    });
  });
});
