// The transcribed stats catalogue end to end: ad squads and ads, report dimensions that add up,
// Snapchat's one-dimension and day-only rules enforced before a request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adsFakeSecrets } from "../../../tests/fakes/support/ads-family.js";
import { createConnectorContext } from "../../core/context.js";
import { collectRows } from "../../core/pages.js";
import type { Account } from "../../core/types.js";
import { SNAPCHAT_COLUMNS } from "./catalogue.data.js";
import { snapchatAdsConnector as connector } from "./connector.js";
import { AD_ACCOUNTS, startSnapchatFake } from "./fake.js";

const la: Account = { id: AD_ACCOUNTS[0].id, name: "Signal LA", timezone: "America/Los_Angeles", currency: "USD" };
const range = { start: "2025-03-01", end: "2025-03-01" };

describe("snapchat-ads catalogue", () => {
  let fake: Awaited<ReturnType<typeof startSnapchatFake>>;
  beforeAll(async () => {
    fake = await startSnapchatFake();
  });
  afterAll(() => fake.close());
  const { credential, app } = adsFakeSecrets("snap");
  const read = (report: string, fields: string[], granularity?: "hour") =>
    collectRows(connector.read(createConnectorContext(connector, { credential, app, baseUrl: fake.baseUrl, retry: { retries: 1, minTimeoutMs: 1, maxTimeoutMs: 5 } }), { accounts: [la], fields, range, granularity, options: { report } }));

  it("offers every transcribed stats field in every level", async () => {
    expect(Object.keys(SNAPCHAT_COLUMNS).length).toBeGreaterThanOrEqual(130);
    for (const report of ["account", "campaign", "ad_squad", "ad"]) {
      const ids = new Set((await connector.listFields(undefined, { report })).map((f) => f.id));
      for (const c of Object.values(SNAPCHAT_COLUMNS)) expect(ids.has(c.id), `${report}.${c.id}`).toBe(true);
    }
  });

  it("reads ad squads with generated stats, money from micros, and they add up to the account", async () => {
    const squads = await read("ad_squad", ["ad_squad_id", "impressions", "video_views_15s", "conversion_add_cart_value", "swipe_up_percent"]);
    const account = await read("account", ["impressions", "video_views_15s", "conversion_add_cart_value"]);
    const call = fake.server.requestsTo("/v1/adaccounts/:id/stats")[0];
    expect(call.query.get("breakdown")).toBe("adsquad");
    expect(call.query.get("fields")!.split(",").sort()).toEqual(["conversion_add_cart_value", "impressions", "swipe_up_percent", "video_views_15s"]);
    expect(squads).toHaveLength(6);
    expect(squads.reduce((s, r) => s + Number(r.impressions), 0)).toBe(account[0].impressions);
    expect(squads.reduce((s, r) => s + Number(r.video_views_15s), 0)).toBe(account[0].video_views_15s);
    for (const r of squads) expect(Number(r.swipe_up_percent)).toBeLessThanOrEqual(1);
  });

  it("breaks the account down by age; the ages add up to the account", async () => {
    const byAge = await read("account", ["date", "demographic_age", "impressions", "saves"]);
    const whole = await read("account", ["date", "impressions", "saves"]);
    expect(fake.server.requestsTo("/v1/adaccounts/:id/stats").at(-2)!.query.get("report_dimension")).toBe("age");
    expect(byAge).toHaveLength(3);
    expect(byAge.reduce((s, r) => s + Number(r.impressions), 0)).toBe(whole[0].impressions);
    expect(byAge.reduce((s, r) => s + Number(r.saves), 0)).toBe(whole[0].saves);
  });

  it("greys out a second report dimension and the hour, and refuses them", async () => {
    const refused = (await connector.incompatibleFields!(undefined, { report: "account", selected: ["demographic_age"] })).map((r) => r.fieldId);
    expect(refused).toEqual(expect.arrayContaining(["hour", "demographic_country"]));
    await expect(read("account", ["demographic_age", "demographic_country", "impressions"])).rejects.toThrow(/demographic_/);
    await expect(read("account", ["hour", "demographic_age", "impressions"])).rejects.toThrow(/hour|demographic_age/);
  });
});
