import { expect } from "vitest";
import { DSP_ACCOUNTS, DSP_REFUSAL, DSP_UNAUTHORIZED, FILES_PATH, startOutbrainDspFake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { sessionCases } from "../../../tests/fakes/support/ads-session.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { outbrainDspConnector } from "./connector.js";

const account = String(DSP_ACCOUNTS[0].id);
const day = "2025-03-01";
const CREATE = "/rest/v1/reports/";

behaviourSuite({
  connector: outbrainDspConnector,
  start: startOutbrainDspFake,
  dataPath: CREATE,
  isDataRequest: (r) => r.method === "POST",
  read: { accounts: [account], fields: ["date", "impressions", "clicks", "cost", "average_cpc"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: DSP_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: account, name: "Signal DSP", timezone: "America/New_York", currency: "USD", status: "active" },
      { id: "187", name: "Signal Archive", timezone: "America/New_York", currency: "USD", status: "closed" },
    ]);
  },
  singlePage(rows, fake) {
    const m = accountMetrics(account, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, average_cpc: Math.round((m.cost / m.clicks) * 100) / 100 }]);
    const [create] = fake.server.requestsTo(CREATE, "POST");
    expect(create.json()).toMatchObject({
      fields: [{ field: "Day" }, { field: "Impressions" }, { field: "Clicks" }, { field: "Total Spend" }],
      filters: [{ field: "Date", operator: "between", from: day, to: day }, { field: "Account Id", operator: "=", value: account }],
    });
    expect(create.headers.authorization).toBe("Bearer dsp-session-1");
    // The signed result URL is fetched without our token.
    const [download] = fake.server.requestsTo(FILES_PATH);
    expect(download.headers.authorization).toBeUndefined();
  },
  pagination: {
    // 40 days: one report job per 31 days.
    read: { fields: ["date", "clicks"], range: { start: day, end: "2025-04-09" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(40);
      expect(rows[39]).toEqual({ date: "2025-04-09", clicks: accountMetrics(account, "2025-04-09").clicks });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "refreshes an expired session token with a new login, then retries": sessionCases("/o/token/", DSP_REFUSAL).refresh,
    "maps a refused login to a config error asking to reconnect": sessionCases("/o/token/", DSP_REFUSAL).refused,
    "waits for a report job that is pending, then reads it": async ({ read, fake }) => {
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "campaign_status", "clicks"] }, undefined, () => {
        fake.server.once("GET", "/rest/v1/reports/:id/", (req) => ({ json: { data: { id: req.params.id, status: "IN_PROGRESS", result: null } } }));
      });
      expect(rows).toEqual(fakeCampaigns(account).map((c) => ({ campaign_id: c.id, campaign_name: c.name, campaign_status: c.status, clicks: campaignMetrics(c.id, day).clicks })));
      expect(fake.server.requestsTo("/rest/v1/reports/:id/")).toHaveLength(2);
    },
    "reports a failed job": async ({ read, fake }) => {
      const error = await read({}, undefined, () => fake.server.once("GET", "/rest/v1/reports/:id/", (req) => ({ json: { data: { id: req.params.id, status: "FAILED", result: null } } }))).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: "transient", message: expect.stringContaining("failed") });
    },
  },
});
