import { expect } from "vitest";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { STACK_ADVERTISERS, STACK_KEY, STACK_UNAUTHORIZED, stackError, startStackAdaptFake } from "./fake.js";
import { stackAdaptConnector } from "./connector.js";

const outdoors = STACK_ADVERTISERS[0].id;
const day = "2025-03-01";

behaviourSuite({
  connector: stackAdaptConnector,
  start: startStackAdaptFake,
  dataPath: "/graphql",
  isDataRequest: (r) => r.body.includes("campaignDelivery"),
  read: { accounts: [outdoors], fields: ["date", "impressions", "clicks", "cost", "conversions", "conversion_value"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: STACK_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(STACK_ADVERTISERS.map((a) => ({ id: a.id, name: a.name, timezone: a.timezone, currency: a.currency, status: "active" })));
  },
  singlePage(rows, fake) {
    const m = accountMetrics(outdoors, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions, conversion_value: m.conversionValue }]);
    const request = fake.server.requestsTo("/graphql").find((r) => r.body.includes("campaignDelivery"))!;
    expect(request.json<{ variables: unknown }>().variables).toEqual({ advertiserId: outdoors, from: day, to: day, first: 100, after: null });
    expect(request.headers.authorization).toBe(`Bearer ${STACK_KEY}`);
  },
  pagination: {
    // 40 days x 3 campaigns: 120 records, 100 per page.
    read: { fields: ["date", "clicks"], range: { start: day, end: "2025-04-09" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(40);
      expect(rows[39]).toEqual({ date: "2025-04-09", clicks: accountMetrics(outdoors, "2025-04-09").clicks });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads campaigns": async ({ read }) => {
      const rows = await read({ options: { report: "campaign" }, fields: ["campaign_id", "campaign_name", "cost"] });
      expect(rows).toEqual(fakeCampaigns(outdoors).map((c) => ({ campaign_id: c.id, campaign_name: c.name, cost: campaignMetrics(c.id, day).cost })));
    },
    "maps an UNAUTHENTICATED error inside a 200 to a config error": async ({ read, fake }) => {
      const error = await read({}, undefined, () => fake.server.once("POST", "/graphql", stackError("UNAUTHENTICATED", "API key revoked"))).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: "config", message: expect.stringMatching(/reconnect/i) });
    },
    "asks again while the report is in Progress": async ({ read, fake }) => {
      const rows = await read({}, undefined, () => fake.server.once("POST", "/graphql", { json: { data: { campaignDelivery: { __typename: "Progress", jobId: "j1", progress: 40 } } } }));
      expect(rows).toHaveLength(1);
      expect(fake.server.requestsTo("/graphql").filter((r) => r.body.includes("campaignDelivery"))).toHaveLength(2);
    },
  },
});
