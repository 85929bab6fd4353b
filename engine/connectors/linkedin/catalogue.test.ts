// The transcribed catalogue end to end: more than 20 metrics split over requests and joined,
// breakdowns as extra pivots of the statistics finder that add up, LinkedIn's rules enforced.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { collectRows } from "../../core/pages.js";
import type { Account, Credential } from "../../core/types.js";
import { LINKEDIN_COLUMNS } from "./catalogue.data.js";
import { linkedInConnector as connector } from "./connector.js";
import { ACCESS_TOKEN, AD_ACCOUNTS, CLIENT, REFRESH_TOKEN, startLinkedInFake, type LinkedInFake } from "./fake.js";

const brand: Account = { id: String(AD_ACCOUNTS[0].id), name: "Acme Brand", timezone: "UTC", currency: "EUR" };
const credential: Credential = { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" };
const range = { start: "2025-03-01", end: "2025-03-01" };

describe("linkedin catalogue", () => {
  let fake: LinkedInFake;
  beforeAll(async () => {
    fake = await startLinkedInFake();
  });
  afterAll(() => fake.close());
  const read = (report: string, fields: string[]) => collectRows(connector.read(fakeContext(connector, fake, { credential, app: CLIENT }).ctx, { accounts: [brand], fields, range, options: { report } }));

  it("offers every transcribed metric in every report, and the four pivots as reports", async () => {
    expect(Object.keys(LINKEDIN_COLUMNS).length).toBeGreaterThanOrEqual(100);
    for (const report of ["account", "campaign_group", "campaign", "creative"]) {
      const ids = new Set((await connector.listFields(undefined, { report })).map((f) => f.id));
      for (const c of Object.values(LINKEDIN_COLUMNS)) expect(ids.has(c.id), `${report}.${c.id}`).toBe(true);
    }
  });

  it("splits 25 metrics over two requests of at most 20 fields and joins them per campaign and day", async () => {
    const metrics = Object.values(LINKEDIN_COLUMNS).slice(0, 25).map((c) => c.id);
    const rows = await read("campaign", ["date", "campaign_id", ...metrics]);
    const calls = fake.server.requestsTo("/rest/adAnalytics");
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call.query.get("fields")!.split(",").length).toBeLessThanOrEqual(20);
    expect(rows).toHaveLength(3);
    for (const row of rows) for (const id of metrics) expect(typeof row[id], id).toBe("number");
  });

  it("breaks campaigns down by seniority through the statistics finder; the members add up", async () => {
    fake.server.reset();
    const bySeniority = await read("campaign", ["campaign_id", "member_seniority", "clicks", "video_starts"]);
    const whole = await read("campaign", ["campaign_id", "clicks", "video_starts"]);
    const [call] = fake.server.requestsTo("/rest/adAnalytics");
    expect(call.query.get("q")).toBe("statistics");
    expect(call.query.get("pivots")).toBe("List(CAMPAIGN,MEMBER_SENIORITY)");
    for (const c of whole) {
      const parts = bySeniority.filter((r) => r.campaign_id === c.campaign_id);
      expect(parts).toHaveLength(3);
      expect(parts.reduce((s, r) => s + Number(r.clicks), 0)).toBe(c.clicks);
      expect(parts.reduce((s, r) => s + Number(r.video_starts), 0)).toBe(c.video_starts);
    }
  });

  it("greys out reach with a demographic breakdown and a third breakdown, and refuses them", async () => {
    const withSeniority = (await connector.incompatibleFields!(undefined, { report: "campaign", selected: ["member_seniority"] })).map((r) => r.fieldId);
    expect(withSeniority).toEqual(expect.arrayContaining(["approximate_member_reach", "card_clicks"]));
    expect(withSeniority).not.toContain("clicks");
    const two = (await connector.incompatibleFields!(undefined, { report: "campaign", selected: ["member_seniority", "impression_device_type"] })).map((r) => r.fieldId);
    expect(two).toContain("member_industry");
    const before = fake.server.requests.length;
    await expect(read("campaign", ["member_seniority", "approximate_member_reach"])).rejects.toThrow(/approximate_member_reach/);
    await expect(read("campaign", ["member_seniority", "member_industry", "placement_name", "clicks"])).rejects.toThrow(/three pivots/);
    expect(fake.server.requests.length).toBe(before);
  });
});
