// The transcribed report types end to end: every report type and group-by, only the asked columns
// requested, rows below the campaign adding up to it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { collectRows } from "../../core/pages.js";
import type { Account, Credential } from "../../core/types.js";
import { AMAZON_COLUMNS, AMAZON_REPORT_TYPES } from "./catalogue.data.js";
import { createAmazonAdsConnector } from "./connector.js";
import { ACCESS_TOKEN, CLIENT, PROFILES, REFRESH_TOKEN, startAmazonAdsFake, type AmazonAdsFake } from "./fake.js";

const connector = createAmazonAdsConnector({ poll: { initialDelayMs: 5, maxDelayMs: 10 } });
const credential: Credential = { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" };
const us: Account = { id: String(PROFILES[0].profileId), name: "Acme Store (US)", timezone: "America/Los_Angeles", currency: "USD" };
const range = { start: "2025-03-01", end: "2025-03-01" };

describe("amazon-ads catalogue", () => {
  let fake: AmazonAdsFake;
  beforeAll(async () => {
    fake = await startAmazonAdsFake();
  });
  afterAll(() => fake.close());
  const read = (report: string, fields: string[]) => collectRows(connector.read(fakeContext(connector, fake, { credential, app: CLIENT }).ctx, { accounts: [us], fields, range, options: { report } }));

  it("offers every report type and group-by with all its transcribed columns", async () => {
    const reports = await connector.listReports();
    expect(reports.map((r) => r.id)).toEqual(AMAZON_REPORT_TYPES.map((r) => r.id));
    for (const type of AMAZON_REPORT_TYPES) {
      const ids = new Set((await connector.listFields(undefined, { report: type.id })).map((f) => f.id));
      for (const c of type.columns) expect(ids.has(AMAZON_COLUMNS[type.adProduct][c].id), `${type.id}.${c}`).toBe(true);
    }
  });

  it("asks a search-term report for the chosen columns only; its rows add up to the campaigns", async () => {
    const terms = await read("sp_search_terms", ["campaign_id", "search_term", "impressions", "purchases_same_sku14d", "cost_per_click"]);
    const campaigns = await read("sp_campaigns", ["campaign_id", "impressions", "purchases_same_sku14d"]);
    const create = fake.server.requestsTo("/reporting/reports", "POST").at(-2)!.json<{ configuration: { columns: string[]; groupBy: string[]; reportTypeId: string } }>();
    expect(create.configuration).toMatchObject({ reportTypeId: "spSearchTerm", groupBy: ["searchTerm"] });
    expect(create.configuration.columns.sort()).toEqual(["campaignId", "costPerClick", "date", "impressions", "purchasesSameSku14d", "searchTerm"]);
    expect(terms).toHaveLength(campaigns.length * 2);
    for (const c of campaigns) {
      const parts = terms.filter((t) => t.campaign_id === c.campaign_id);
      expect(parts.reduce((s, t) => s + Number(t.impressions), 0)).toBe(c.impressions);
      expect(parts.reduce((s, t) => s + Number(t.purchases_same_sku14d), 0)).toBe(c.purchases_same_sku14d);
    }
  });

  it("reads Sponsored Display reach and new-to-brand columns", async () => {
    const rows = await read("sd_campaigns", ["campaign_id", "cumulative_reach", "new_to_brand_purchases", "viewability_rate"]);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(Number.isInteger(r.new_to_brand_purchases)).toBe(true);
      expect(Number(r.viewability_rate)).toBeLessThanOrEqual(1);
    }
  });
});
