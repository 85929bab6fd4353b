import { expect } from "vitest";
import { DateTime } from "luxon";
import { PARDOT_BU, PARDOT_UNAUTHORIZED, startPardotFake } from "./fake.js";
import { SF_ZONE } from "../salesforce/fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { pardotConnector } from "./connector.js";

const localDay = (iso: string) => DateTime.fromISO(iso).setZone(SF_ZONE).toFormat("yyyy-MM-dd");

behaviourSuite({
  connector: pardotConnector,
  start: startPardotFake,
  dataPath: /^\/api\/v5\/objects\//,
  read: { fields: ["date", "grade", "prospects", "score"], range: { start: "2025-01-06", end: "2025-01-06" } },
  unauthorized: PARDOT_UNAUTHORIZED,
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: PARDOT_BU, name: "Signal Marketing", timezone: SF_ZONE, currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    const day = fake.prospects.filter((p) => localDay(p.createdAt) === "2025-01-06");
    expect(rows).toEqual(
      ["A", "B"].map((grade) => {
        const ps = day.filter((p) => p.grade === grade);
        return { date: "2025-01-06", grade, prospects: ps.length, score: Math.round((ps.reduce((s, p) => s + p.score, 0) / ps.length) * 1e4) / 1e4 };
      }),
    );
    const [request] = fake.server.requestsTo("/api/v5/objects/prospects");
    expect(request.headers["pardot-business-unit-id"]).toBe(PARDOT_BU);
    expect(request.query.get("createdAtAfterOrEqualTo")).toBe("2025-01-06T00:00:00.000-05:00".replace(".000", ""));
  },
  pagination: {
    // 1,240 prospects in January: 1000 + 240 through nextPageUrl.
    read: { fields: ["prospects"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual([{ prospects: fake.prospects.length }]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "reads visitor activities by type": async ({ read }) => {
      expect(await read({ options: { report: "visitor_activities" }, fields: ["activity_type", "activities"], range: { start: "2025-01-06", end: "2025-01-06" } })).toEqual([
        { activity_type: "Email", activities: 40 },
        { activity_type: "Click", activities: 40 },
      ]);
    },
  },
});
