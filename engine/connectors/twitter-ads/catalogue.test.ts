// The transcribed metrics by group end to end: every group answered, conversion objects read,
// segmentation as breakdown fields that add up, one segmentation type a request.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnectorContext } from "../../core/context.js";
import { collectRows } from "../../core/pages.js";
import type { Account } from "../../core/types.js";
import { X_METRIC_GROUPS, X_METRICS } from "./catalogue.data.js";
import { createTwitterAdsConnector } from "./connector.js";
import { startTwitterFake, X_CONSUMER, X_TOKEN, type TwitterFake } from "./fake.js";

const connector = createTwitterAdsConnector({ poll: { initialDelayMs: 5, maxDelayMs: 10 } });
const coffee: Account = { id: "18ce54d4x5t", name: "Bay Coffee", timezone: "America/Los_Angeles", currency: "USD" };
const range = { start: "2025-03-01", end: "2025-03-01" };

describe("twitter-ads catalogue", () => {
  let fake: TwitterFake;
  beforeAll(async () => {
    fake = await startTwitterFake();
  });
  afterAll(() => fake.close());
  const read = (report: string, fields: string[]) =>
    collectRows(connector.read(createConnectorContext(connector, { credential: X_TOKEN, app: X_CONSUMER, baseUrl: fake.baseUrl, retry: { retries: 1, minTimeoutMs: 1, maxTimeoutMs: 5 } }), { accounts: [coffee], fields, range, options: { report } }));

  it("names the metric groups as X's own SDK does, and offers every transcribed metric", async () => {
    // twitter-ads 11.0.0, twitter_ads/enum.py METRIC_GROUP.
    expect([...X_METRIC_GROUPS].sort()).toEqual(["BILLING", "ENGAGEMENT", "LIFE_TIME_VALUE_MOBILE_CONVERSION", "MEDIA", "MOBILE_CONVERSION", "VIDEO", "WEB_CONVERSION"]);
    expect(X_METRICS.length).toBeGreaterThanOrEqual(140);
    const ids = new Set((await connector.listFields(undefined, { report: "campaigns" })).map((f) => f.id));
    for (const m of X_METRICS) expect(ids.has(m.id), m.id).toBe(true);
    expect(readFileSync(new URL("./catalogue.data.ts", import.meta.url), "utf8")).toContain("https://developer.x.com/en/docs/x-ads-api/analytics/overview/metrics-and-segmentation");
  });

  it("asks only the groups of the chosen metrics and reads series inside conversion objects", async () => {
    const rows = await read("campaigns", ["campaign_id", "video_views_50", "conversion_site_visits_post_view", "mobile_conversion_installs_assisted", "conversion_purchases_sale_amount"]);
    const call = fake.server.requestsTo("/12/stats/accounts/:id").at(-1)!;
    expect(call.query.get("metric_groups")!.split(",").sort()).toEqual(["MOBILE_CONVERSION", "VIDEO", "WEB_CONVERSION"]);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(Number.isInteger(r.video_views_50)).toBe(true);
      expect(typeof r.mobile_conversion_installs_assisted).toBe("number");
      expect(typeof r.conversion_purchases_sale_amount).toBe("number");
    }
  });

  it("segments by age; the segments add up to the campaign", async () => {
    const byAge = await read("campaigns", ["campaign_id", "segment_age", "impressions", "media_views"]);
    const whole = await read("campaigns", ["campaign_id", "impressions", "media_views"]);
    expect(fake.server.requestsTo("/12/stats/accounts/:id").at(-2)!.query.get("segmentation_type")).toBe("AGE");
    for (const c of whole) {
      const parts = byAge.filter((r) => r.campaign_id === c.campaign_id);
      expect(parts).toHaveLength(3);
      expect(parts.reduce((s, r) => s + Number(r.impressions), 0)).toBe(c.impressions);
      expect(parts.reduce((s, r) => s + Number(r.media_views), 0)).toBe(c.media_views);
    }
  });

  it("greys out a second segmentation and refuses it", async () => {
    expect((await connector.incompatibleFields!(undefined, { report: "campaigns", selected: ["segment_age"] })).map((r) => r.fieldId)).toContain("segment_gender");
    await expect(read("campaigns", ["segment_age", "segment_gender", "impressions"])).rejects.toThrow(/segment_/);
  });
});
