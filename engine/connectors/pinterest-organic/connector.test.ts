import { expect } from "vitest";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { PIN_RATE_LIMITED, PIN_UNAUTHORIZED, pinValue, startPinterestOrganicFake, TOP_PINS } from "./fake.js";
import { pinterestOrganicConnector } from "./connector.js";

const day = "2025-03-01";
const v = (metric: string, d = day, key = "account") => pinValue(key, metric, d);

behaviourSuite({
  connector: pinterestOrganicConnector,
  start: startPinterestOrganicFake,
  dataPath: "/v5/user_account/analytics",
  read: { fields: ["date", "impressions", "saves", "outbound_clicks", "engagement_rate"], range: { start: day, end: day }, options: { report: "account" } },
  unauthorized: PIN_UNAUTHORIZED,
  rateLimited: PIN_RATE_LIMITED,
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "signalpost", name: "Signal Post", timezone: "UTC", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual([{ date: day, impressions: v("IMPRESSION"), saves: v("SAVE"), outbound_clicks: v("OUTBOUND_CLICK"), engagement_rate: Math.round((v("ENGAGEMENT") / v("IMPRESSION")) * 1e6) / 1e6 }]);
    const [call] = fake.server.requestsTo("/v5/user_account/analytics");
    expect(Object.fromEntries(call.query)).toMatchObject({ start_date: day, end_date: day, split_field: "NO_SPLIT", app_types: "ALL" });
    expect(call.query.get("metric_types")!.split(",")).toEqual(expect.arrayContaining(["IMPRESSION", "SAVE", "OUTBOUND_CLICK"]));
  },
  pagination: {
    read: { fields: ["date", "saves"], range: { start: "2025-01-01", end: "2025-04-30" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toHaveLength(120);
      expect(fake.server.requestsTo("/v5/user_account/analytics").map((r) => [r.query.get("start_date"), r.query.get("end_date")])).toEqual([
        ["2025-01-01", "2025-03-31"],
        ["2025-04-01", "2025-04-30"],
      ]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "leaves out days Pinterest still marks PROCESSING": async ({ read }) => {
      const rows = await read({ fields: ["date", "impressions"], range: { start: "2025-05-30", end: "2025-06-02" } });
      expect(rows.map((r) => r.date)).toEqual(["2025-05-30", "2025-05-31"]);
    },
    "reads the range's top pins with their totals": async ({ read, fake }) => {
      const rows = await read({ options: { report: "top_pins" }, fields: ["pin_id", "impressions", "pin_clicks"], range: { start: day, end: "2025-03-02" } });
      expect(rows).toHaveLength(TOP_PINS.length);
      expect(rows[0]).toEqual({ pin_id: TOP_PINS[0], impressions: v("IMPRESSION", day, TOP_PINS[0]) + v("IMPRESSION", "2025-03-02", TOP_PINS[0]), pin_clicks: v("PIN_CLICK", day, TOP_PINS[0]) + v("PIN_CLICK", "2025-03-02", TOP_PINS[0]) });
      expect(fake.server.requestsTo("/v5/user_account/analytics/top_pins")[0].query.get("sort_by")).toBe("IMPRESSION");
    },
  },
});
