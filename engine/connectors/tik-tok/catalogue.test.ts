// The transcribed catalogue reaches the fake end to end: ads, audience breakdowns that add up,
// TikTok's dimension groupings enforced before a request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnectorContext } from "../../core/context.js";
import { collectRows } from "../../core/pages.js";
import type { Account } from "../../core/types.js";
import { TIKTOK_COLUMNS } from "./catalogue.data.js";
import { createTikTokConnector } from "./connector.js";
import { startTikTokFake, TT_APP, TT_TOKEN, type TikTokFake } from "./fake.js";

const connector = createTikTokConnector({ envelopeRetry: { retries: 1, baseDelayMs: 1 } });
const tea: Account = { id: "7100000000000000001", name: "Tokyo Tea", timezone: "Asia/Tokyo", currency: "JPY" };
const range = { start: "2025-03-01", end: "2025-03-01" };

describe("tik-tok catalogue", () => {
  let fake: TikTokFake;
  beforeAll(async () => {
    fake = await startTikTokFake();
  });
  afterAll(() => fake.close());
  const ctx = () => createConnectorContext(connector, { credential: { type: "oauth2", accessToken: TT_TOKEN }, app: TT_APP, baseUrl: fake.baseUrl, retry: { retries: 1, minTimeoutMs: 1, maxTimeoutMs: 5 } });
  const read = (report: string, fields: string[]) => collectRows(connector.read(ctx(), { accounts: [tea], fields, range, options: { report } }));

  it("offers every transcribed metric in the BASIC reports, with a category and a description", async () => {
    const metrics = Object.values(TIKTOK_COLUMNS).filter((c) => c.kind === "metric");
    expect(metrics.length).toBeGreaterThanOrEqual(300);
    const fields = await connector.listFields(undefined, { report: "ads" });
    for (const m of metrics) expect(fields.find((f) => f.id === m.id), m.column).toMatchObject({ category: m.category, description: expect.any(String) });
    expect((await connector.listReports()).map((r) => r.id)).toEqual(["account", "campaigns", "adgroups", "ads", "audience_account", "audience_campaigns", "audience_adgroups", "audience_ads"]);
  });

  it("reads ads with attribute metrics and generated metrics as TikTok names them", async () => {
    const rows = await read("ads", ["ad_id", "ad_name", "campaign_id", "impressions", "video_watched_2s", "cost_per_complete_payment", "engagement_rate"]);
    const [call] = fake.server.requestsTo("/open_api/v1.3/report/integrated/get/").slice(-1);
    expect(call.query.get("data_level")).toBe("AUCTION_AD");
    expect(JSON.parse(call.query.get("dimensions")!)).toEqual(["ad_id"]);
    expect(JSON.parse(call.query.get("metrics")!)).toEqual(["ad_name", "campaign_id", "impressions", "video_watched_2s", "cost_per_complete_payment", "engagement_rate"]);
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(typeof r.ad_name).toBe("string");
      expect(Number.isInteger(r.video_watched_2s)).toBe(true);
      expect(Number(r.engagement_rate)).toBeLessThanOrEqual(1);
    }
  });

  it("breaks a campaign down by age and gender; the cells add up to the campaign", async () => {
    const cells = await read("audience_campaigns", ["campaign_id", "audience_age", "audience_gender", "clicks", "likes"]);
    const whole = await read("campaigns", ["campaign_id", "clicks"]);
    const call = fake.server.requestsTo("/open_api/v1.3/report/integrated/get/").at(-2)!;
    expect(call.query.get("report_type")).toBe("AUDIENCE");
    expect(JSON.parse(call.query.get("dimensions")!)).toEqual(["campaign_id", "age", "gender"]);
    expect(cells).toHaveLength(whole.length * 6);
    for (const c of whole) expect(cells.filter((x) => x.campaign_id === c.campaign_id).reduce((s, x) => s + Number(x.clicks), 0)).toBe(c.clicks);
  });

  it("greys out breakdowns TikTok cannot group together and refuses them before any request", async () => {
    expect((await connector.incompatibleFields!(undefined, { report: "audience_campaigns", selected: ["audience_age"] })).map((r) => r.fieldId)).not.toContain("audience_gender");
    const refused = await connector.incompatibleFields!(undefined, { report: "audience_campaigns", selected: ["audience_country_code"] });
    expect(refused.map((r) => r.fieldId)).toEqual(expect.arrayContaining(["audience_age", "audience_gender", "audience_platform"]));
    const before = fake.server.requests.length;
    await expect(read("audience_campaigns", ["audience_country_code", "audience_age", "clicks"])).rejects.toThrow(/audience_/);
    expect(fake.server.requests.length).toBe(before);
  });
});
