// Every ads platform answers the normalized ads schema (decision 0931): its folder's normalized.ts
// names native fields that exist in the reports it names, with the right kind and type.
import { describe, expect, it } from "vitest";
import { listPlatforms } from "./catalogue/index.js";
import { getConnector, hasConnector } from "./connectors/registry.js";
import { blendablePlatforms, getNormalizedMapping } from "./connectors/normalized-registry.js";
import { planPlatform } from "./query/blended.js";
import { NORMALIZED_ADS_FIELDS, QUERY_LAYER_FIELDS, type NormalizedAdsMapping } from "./query/normalized-ads.js";
import type { FieldDef } from "./core/types.js";

const adsPlatforms = listPlatforms().filter((p) => p.category === "ADS" && hasConnector(p.id)).map((p) => p.id).sort();
const normalized = new Map(NORMALIZED_ADS_FIELDS.map((f) => [f.id, f]));

describe("normalized.ts of every ads platform", () => {
  it("exists for every implemented ADS platform of the catalogue, and only for those", () => {
    expect(adsPlatforms.length).toBeGreaterThanOrEqual(30);
    expect(blendablePlatforms()).toEqual(adsPlatforms);
  });

  it.each(adsPlatforms)("%s maps native fields that exist, with the right kind and type", async (platform) => {
    const mapping = getNormalizedMapping(platform) as NormalizedAdsMapping;
    const connector = getConnector(platform);
    const reports = (await connector.listReports()).map((r) => r.id);
    expect(mapping.reports.length).toBeGreaterThan(0);
    let previous = -1;
    for (const report of mapping.reports) {
      const ids = [report.report, ...(report.also ?? [])];
      let first: FieldDef[] | undefined;
      for (const id of ids) {
        if (id !== undefined) expect(reports, `${platform}: report ${id}`).toContain(id);
        const fields = await connector.listFields(undefined, { report: id });
        first ??= fields;
        const byId = new Map(fields.map((f) => [f.id, f]));
        for (const [normalizedId, nativeId] of Object.entries(report.fields)) {
          const target = normalized.get(normalizedId)!;
          expect(target, `${normalizedId} is a normalized field`).toBeDefined();
          expect((QUERY_LAYER_FIELDS as readonly string[]).includes(normalizedId), `${normalizedId} is filled by the query layer`).toBe(false);
          const native = byId.get(nativeId!);
          expect(native, `${platform}/${id}: ${normalizedId} -> ${nativeId} exists`).toBeDefined();
          expect(native!.type, `${platform}/${id}: ${nativeId} is a ${target.type}`).toBe(target.type);
          if (target.fieldType === "CURRENCY") expect(native!.fieldType, `${platform}/${id}: ${nativeId} is money`).toBe("CURRENCY");
          if (target.fieldType !== "CURRENCY" && target.type === "metric") expect(native!.fieldType, `${platform}/${id}: ${nativeId} is not money`).not.toBe("CURRENCY");
        }
        if (report.currencyField) expect(byId.get(report.currencyField)?.type).toBe("dimension");
      }
      // Listed from the coarsest to the finest report.
      const dims = Object.keys(report.fields).filter((id) => normalized.get(id)!.type === "dimension").length;
      expect(dims, `${platform}: reports from the coarsest to the finest`).toBeGreaterThanOrEqual(previous);
      previous = dims;
      // A platform answers at least spend or impressions.
      expect(report.fields.spend ?? report.fields.impressions, `${platform}: spend or impressions`).toBeDefined();
    }
  });
});

describe("planPlatform", () => {
  const facebook = getNormalizedMapping("facebook-ads")!;

  it("reads the coarsest report with every dimension asked for", () => {
    expect(planPlatform("facebook-ads", facebook, { dimensions: ["date", "platform"], metrics: ["spend"] })).toMatchObject({ report: { report: "account" }, dimensions: ["date"], metrics: ["cost"] });
    expect(planPlatform("facebook-ads", facebook, { dimensions: ["campaign_name"], metrics: ["spend", "conversion_value"] })).toMatchObject({ report: { report: "campaigns" }, metrics: ["cost", "purchase_value"] });
    expect(planPlatform("facebook-ads", facebook, { dimensions: ["ad_group_name", "account_timezone"], metrics: ["reach"] })).toMatchObject({ report: { report: "adsets" }, dimensions: ["adset_name"], metrics: ["reach"] });
    expect(planPlatform("facebook-ads", facebook, { dimensions: ["ad_name"], metrics: [] })).toMatchObject({ report: { report: "ads" }, dimensions: ["ad_name"] });
  });

  it("falls back to the finest report a platform has, leaving the rest empty", () => {
    const google = getNormalizedMapping("google-ads")!;
    expect(planPlatform("google-ads", google, { dimensions: ["campaign_name", "ad_group_name", "ad_name"], metrics: ["video_views", "spend"] })).toMatchObject({
      report: { report: "ad_group" },
      dimensions: ["campaign_name", "ad_group_name"],
      metrics: ["cost"],
    });
  });

  it("pushes down the filters the platform can apply, under its own field ids", () => {
    const tiktok = getNormalizedMapping("tik-tok")!;
    const plan = planPlatform("tik-tok", tiktok, {
      dimensions: ["ad_group_name"],
      metrics: ["spend"],
      filters: [
        { field: "ad_group_name", type: "contains", value: "brand" },
        { field: "platform", type: "equals", value: "tik-tok" },
        { field: "ad_name", type: "is_not_empty" },
      ],
    });
    expect(plan.filters).toEqual([{ field: "adgroup_name", type: "contains", value: "brand" }]);
  });

  it("reads each row's currency on affiliate networks", () => {
    const awin = getNormalizedMapping("awin")!;
    expect(planPlatform("awin", awin, { dimensions: ["date"], metrics: ["spend"] })).toMatchObject({ dimensions: ["date", "currency"], metrics: ["commission"] });
  });

  it("still reads something when only query-layer columns are asked for", () => {
    expect(planPlatform("facebook-ads", facebook, { dimensions: ["platform", "account_currency"], metrics: [] }).metrics).toEqual(["cost"]);
  });
});
