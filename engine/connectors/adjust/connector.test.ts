import { expect } from "vitest";
import { ADJUST_APPS, ADJUST_TOKEN, ADJUST_UNAUTHORIZED, adjustFacts, startAdjustFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { adjustConnector } from "./connector.js";

const app = ADJUST_APPS[0].id;
const day = "2025-03-01";
const DATA = "/reports-service/report";
const total = (facts: Record<string, unknown>[], k: string) => Math.round(facts.reduce((s, f) => s + Number(f[k]), 0) * 100) / 100;

behaviourSuite({
  connector: adjustConnector,
  start: startAdjustFake,
  dataPath: DATA,
  read: { accounts: [app], fields: ["date", "installs", "cost", "ecpi"], range: { start: day, end: day } },
  unauthorized: ADJUST_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(ADJUST_APPS.map((a) => ({ id: a.id, name: a.name, timezone: "UTC", currency: "USD", status: "active" })));
  },
  singlePage(rows, fake) {
    const facts = adjustFacts(app, day);
    const installs = total(facts, "installs");
    const cost = total(facts, "cost");
    expect(rows).toEqual([{ date: day, installs, cost, ecpi: Math.round((cost / installs) * 100) / 100 }]);
    const [request] = fake.server.requestsTo(DATA);
    expect(Object.fromEntries(request.query)).toMatchObject({ app_token__in: app, date_period: "2025-03-01:2025-03-01", dimensions: "day,app_token", utc_offset: "+00:00" });
    expect(request.query.get("metrics")).toBe("impressions,clicks,installs,sessions,revenue,cost");
    expect(request.headers.authorization).toBe(`Bearer ${ADJUST_TOKEN}`);
  },
  pagination: {
    // 40 days: two month-sized report requests.
    read: { fields: ["date", "installs"], range: { start: day, end: "2025-04-09" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toHaveLength(40);
      expect(rows[39]).toEqual({ date: "2025-04-09", installs: total(adjustFacts(app, "2025-04-09"), "installs") });
      expect(fake.server.requestsTo(DATA).map((r) => r.query.get("date_period"))).toEqual(["2025-03-01:2025-03-31", "2025-04-01:2025-04-09"]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "pushes the requested dimensions down and rolls up by network": async ({ read, fake }) => {
      const rows = await read({ fields: ["network", "clicks"] });
      expect(fake.server.requestsTo(DATA)[0].query.get("dimensions")).toBe("day,app_token,network");
      const facts = adjustFacts(app, day);
      expect(rows).toEqual([...new Set(facts.map((f) => f.network))].map((network) => ({ network, clicks: total(facts.filter((f) => f.network === network), "clicks") })));
    },
  },
});
