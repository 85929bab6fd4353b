import { expect } from "vitest";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { startTeadsFake, TEADS_KEY, TEADS_SEED, TEADS_UNAUTHORIZED, teadsError } from "./fake.js";
import { TEADS_ACCOUNT, teadsConnector } from "./connector.js";

const day = "2025-03-01";
const CREATE = "/v1/analytics/custom";

behaviourSuite({
  connector: teadsConnector,
  start: startTeadsFake,
  dataPath: CREATE,
  read: { fields: ["date", "impressions", "clicks", "cost", "cpm"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: TEADS_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([TEADS_ACCOUNT]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(TEADS_SEED, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, cpm: Math.round(((m.cost * 1000) / m.impressions) * 100) / 100 }]);
    const [create] = fake.server.requestsTo(CREATE);
    expect(create.json()).toEqual({ filters: { date: { start: "2025-03-01T00:00:00+00:00", end: "2025-03-01T23:59:59+00:00", timezone: "UTC" } }, dimensions: ["day"], metrics: ["impression", "click", "teads_billing"], format: "csv" });
    expect(create.headers.authorization).toBe(`Bearer ${TEADS_KEY}`);
    expect(fake.server.requestsTo("/files/:file")[0].headers.authorization).toBeUndefined();
  },
  pagination: {
    // 371 days: at most a year per report.
    read: { fields: ["date", "clicks"], range: { start: "2024-01-01", end: "2025-01-05" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(371);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads campaigns, splitting Teads' \"name (id)\" column": async ({ read }) => {
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "clicks"] });
      expect(rows).toEqual(fakeCampaigns(TEADS_SEED).map((c) => ({ campaign_id: c.id, campaign_name: c.name, clicks: campaignMetrics(c.id, day).clicks })));
    },
    "polls a queued report until it is finished": async ({ read, fake }) => {
      await read({}, undefined, () => fake.server.once("GET", "/v1/analytics/custom/:id", { json: { status: "processing" } }));
      expect(fake.server.requestsTo("/v1/analytics/custom/:id")).toHaveLength(2);
    },
    "treats a report quota as transient and retries": async ({ read, fake }) => {
      const rows = await read({}, undefined, () => fake.server.once("POST", CREATE, teadsError(400, "REPORTING.ERROR.PAST_24H_REPORT_QUOTA_REACHED")));
      expect(rows).toHaveLength(1);
      expect(fake.server.requestsTo(CREATE)).toHaveLength(2);
    },
  },
});
