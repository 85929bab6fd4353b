// The generated catalogue is the published client's, whole and fresh; every level reads any of
// its columns from the fake, breakdowns add up, and one targeting breakdown is read at a time.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adsFakeSecrets } from "../../../tests/fakes/support/ads-family.js";
import { createConnectorContext } from "../../core/context.js";
import { collectRows } from "../../core/pages.js";
import type { Account } from "../../core/types.js";
import { pinterestAdsConnector as connector } from "./connector.js";
import { AD_ACCOUNTS, startPinterestFake, type PinterestFake } from "./fake.js";
import { GENERATED_PATH, generatePinterestCatalogue, SNAPSHOT_PATH, type PinterestSnapshot } from "./generate-catalogue.js";

const snapshot = JSON.parse(readFileSync(SNAPSHOT_PATH, "utf8")) as PinterestSnapshot;

describe("pinterest-ads generated catalogue", () => {
  it("is what the generator writes from the committed client snapshot (regenerate after changing either)", () => {
    expect(readFileSync(GENERATED_PATH, "utf8")).toBe(generatePinterestCatalogue(snapshot));
  });

  it("comes from the client version the extraction script pins", () => {
    const script = readFileSync(new URL("../../../scripts/catalogues/extract-sdk-metadata.py", import.meta.url), "utf8");
    expect(script).toContain(`"pinterest-ads": ("${snapshot.package}", "${snapshot.version}"`);
  });

  it("offers every column of the async reports in the account and campaign reports, and every targeting type", async () => {
    for (const report of ["account", "campaign", "ad_group", "ad"]) {
      const ids = new Set((await connector.listFields(undefined, { report })).map((f) => f.id));
      const metrics = snapshot.columns.filter((c) => !/_(ID|NAME|STATUS|ENTITY_STATUS|MANAGED_STATUS|OBJECTIVE_TYPE)$/.test(c));
      const missing = metrics.filter((c) => ![...ids].some((id) => id === c.toLowerCase() || ({ SPEND_IN_MICRO_DOLLAR: "cost", IMPRESSION_1: "impressions", CLICKTHROUGH_1: "clicks", TOTAL_CONVERSIONS: "conversions", TOTAL_CHECKOUT_VALUE_IN_MICRO_DOLLAR: "conversion_value" } as Record<string, string>)[c] === id));
      expect(missing, report).toEqual([]);
    }
    const targeting = (await connector.listFields(undefined, { report: "campaign_targeting" })).filter((f) => f.category === "Targeting breakdown");
    expect(targeting).toHaveLength(snapshot.targetingTypes.length);
    expect((await connector.listReports()).map((r) => r.id)).toEqual(expect.arrayContaining(["account", "campaign", "ad_group", "ad", "keyword", "product_group", "product_item", "campaign_targeting"]));
  });
});

describe("pinterest-ads levels and breakdowns", () => {
  let fake: PinterestFake;
  beforeAll(async () => {
    fake = await startPinterestFake();
    fake.reportPolls.pending = 0;
  });
  afterAll(() => fake.close());
  const home: Account = { id: AD_ACCOUNTS[0].id, name: "Signal Home", timezone: "UTC", currency: "EUR" };
  const { credential, app } = adsFakeSecrets("pin");
  const ctx = () => createConnectorContext(connector, { credential, app, baseUrl: fake.baseUrl, retry: { retries: 1, minTimeoutMs: 1, maxTimeoutMs: 5 } });
  const range = { start: "2025-03-01", end: "2025-03-01" };

  it("reads ad groups with generated columns; they add up to their campaign", async () => {
    const fields = ["campaign_id", "ad_group_id", "impressions", "total_engagement", "spend_in_dollar", "video_mrc_views_1"];
    const groups = await collectRows(connector.read(ctx(), { accounts: [home], fields, range, options: { report: "ad_group" } }));
    const campaigns = await collectRows(connector.read(ctx(), { accounts: [home], fields: ["campaign_id", "impressions", "total_engagement"], range, options: { report: "campaign" } }));
    const body = fake.server.requestsTo("/v5/ad_accounts/:id/reports", "POST")[0].json<Record<string, unknown>>();
    expect(body).toMatchObject({ level: "AD_GROUP", granularity: "DAY" });
    expect(body.columns).toEqual(["AD_GROUP_ID", "CAMPAIGN_ID", "IMPRESSION_1", "TOTAL_ENGAGEMENT", "SPEND_IN_DOLLAR", "VIDEO_MRC_VIEWS_1"]);
    expect(groups).toHaveLength(campaigns.length * 2);
    for (const c of campaigns) {
      const parts = groups.filter((g) => g.campaign_id === c.campaign_id);
      expect(parts.reduce((s, g) => s + Number(g.impressions), 0)).toBe(c.impressions);
      expect(parts.reduce((s, g) => s + Number(g.total_engagement), 0)).toBe(c.total_engagement);
    }
  });

  it("reads one targeting breakdown; its values add up to the unbroken total", async () => {
    const byGender = await collectRows(connector.read(ctx(), { accounts: [home], fields: ["campaign_id", "targeting_gender", "clicks"], range, options: { report: "campaign_targeting" } }));
    const total = await collectRows(connector.read(ctx(), { accounts: [home], fields: ["campaign_id", "clicks"], range, options: { report: "campaign" } }));
    const body = fake.server.requestsTo("/v5/ad_accounts/:id/reports", "POST").at(-2)!.json<Record<string, unknown>>();
    expect(body).toMatchObject({ level: "CAMPAIGN_TARGETING", targeting_types: ["GENDER"] });
    for (const c of total) expect(byGender.filter((r) => r.campaign_id === c.campaign_id).reduce((s, r) => s + Number(r.clicks), 0)).toBe(c.clicks);
    expect(new Set(byGender.map((r) => r.targeting_gender)).size).toBe(3);
  });

  it("greys out the other targeting breakdowns once one is chosen, and refuses two", async () => {
    const refused = await connector.incompatibleFields!(undefined, { report: "campaign_targeting", selected: ["targeting_gender"] });
    expect(refused.map((r) => r.fieldId)).toContain("targeting_country");
    expect(refused.map((r) => r.fieldId)).not.toContain("targeting_gender");
    await expect(collectRows(connector.read(ctx(), { accounts: [home], fields: ["targeting_gender", "targeting_country", "clicks"], range, options: { report: "campaign_targeting" } }))).rejects.toThrow(/targeting/);
  });
});
