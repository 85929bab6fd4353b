// The Meta Ads catalogue is generated from the installed facebook-nodejs-business-sdk, never typed
// by hand: this fails when fields.generated.ts differs from what generate-fields.ts writes now, and
// holds the goal (180 fields, 80 breakdowns).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INSIGHTS_FIELDS, PLATFORM_COUNTS } from "./fields.generated.js";
import { GENERATED_FILE, renderGeneratedFields } from "./generate-fields.js";

describe("generated Meta Ads catalogue", () => {
  it("is what generate-fields.ts writes from the installed SDK (regenerate: npx tsx engine/connectors/facebook-ads/generate-fields.ts)", () => {
    expect(readFileSync(GENERATED_FILE, "utf8") === renderGeneratedFields(), "fields.generated.ts is stale").toBe(true);
  });

  it("offers every Insights field, breakdown, action breakdown and standard event of the SDK", () => {
    const of = (source: string) => INSIGHTS_FIELDS.filter((f) => f.source === source);
    expect(of("field")).toHaveLength(PLATFORM_COUNTS.fields);
    expect(of("breakdown")).toHaveLength(PLATFORM_COUNTS.breakdowns);
    expect(of("action_breakdown")).toHaveLength(PLATFORM_COUNTS.actionBreakdowns);
    expect(of("action")).toHaveLength(PLATFORM_COUNTS.standardEvents * 3);
    expect(of("field").length + of("action").length).toBeGreaterThanOrEqual(180);
    expect(of("breakdown").length).toBeGreaterThanOrEqual(80);
    for (const f of INSIGHTS_FIELDS) {
      expect(f.description.length, f.id).toBeGreaterThan(0);
      expect(f.category, f.id).toBeTruthy();
    }
  });

  it("keeps the ids the connector had before", () => {
    const byId = new Map(INSIGHTS_FIELDS.map((f) => [f.id, `${f.source}:${f.api}`]));
    expect(["date", "hour", "cost", "link_clicks", "purchases", "purchase_value", "leads", "impressions", "clicks", "reach", "frequency", "ctr", "cpc", "cpm", "conversions", "objective", "campaign_name", "adset_name", "ad_name"].map((id) => byId.get(id))).toEqual([
      "field:date_start",
      "breakdown:hourly_stats_aggregated_by_advertiser_time_zone",
      "field:spend",
      "field:inline_link_clicks",
      "action:actions",
      "action:action_values",
      "action:actions",
      "field:impressions",
      "field:clicks",
      "field:reach",
      "field:frequency",
      "field:ctr",
      "field:cpc",
      "field:cpm",
      "field:conversions",
      "field:objective",
      "field:campaign_name",
      "field:adset_name",
      "field:ad_name",
    ]);
  });
});
