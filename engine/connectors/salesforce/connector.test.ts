import { expect } from "vitest";
import { DateTime } from "luxon";
import { SALESFORCE_UNAUTHORIZED, SF_ZONE, startSalesforceFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { salesforceConnector } from "./connector.js";

const localDay = (created: string) => DateTime.fromISO(created.replace("+0000", "Z")).setZone(SF_ZONE).toFormat("yyyy-MM-dd");

behaviourSuite({
  connector: salesforceConnector,
  start: startSalesforceFake,
  dataPath: /^\/services\/data\/v62\.0\/query/,
  // Organization is read through the same query endpoint when accounts are listed.
  isDataRequest: (r) => !/FROM Organization/.test(r.query.get("q") ?? ""),
  read: { fields: ["date", "opportunities", "amount", "won", "win_rate"], range: { start: "2025-01-06", end: "2025-01-06" } },
  unauthorized: SALESFORCE_UNAUTHORIZED,
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "00D000000000001EAA", name: "Signal Corp", timezone: SF_ZONE, currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    const day = fake.opportunities.filter((o) => localDay(o.CreatedDate) === "2025-01-06");
    const won = day.filter((o) => o.IsWon).length;
    expect(rows).toEqual([{ date: "2025-01-06", opportunities: day.length, amount: day.reduce((s, o) => s + o.Amount, 0), won, win_rate: Math.round((won / day.length) * 1e4) / 1e4 }]);
    const request = fake.server.requestsTo("/services/data/v62.0/query").find((r) => /Opportunity/.test(r.query.get("q") ?? ""))!;
    expect(request.query.get("q")).toBe("SELECT Id, StageName, Amount, IsWon, IsClosed, LeadSource, Type, CreatedDate FROM Opportunity WHERE CreatedDate >= 2025-01-06T05:00:00Z AND CreatedDate < 2025-01-07T05:00:00Z ORDER BY CreatedDate");
  },
  pagination: {
    // 310 opportunities: a batch of 200, then nextRecordsUrl.
    read: { fields: ["stage", "opportunities"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual([
        { stage: "Closed Won", opportunities: fake.opportunities.filter((o) => o.IsWon).length },
        { stage: "Prospecting", opportunities: fake.opportunities.filter((o) => !o.IsWon).length },
      ]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "reads leads and conversions": async ({ read }) => {
      expect(await read({ options: { report: "leads" }, fields: ["leads", "converted"], range: { start: "2025-01-06", end: "2025-01-06" } })).toEqual([{ leads: 5, converted: 1 }]);
    },
    "treats REQUEST_LIMIT_EXCEEDED as a quota to wait for": async ({ read, fake }) => {
      const limit = { status: 403, json: [{ message: "TotalRequests Limit exceeded.", errorCode: "REQUEST_LIMIT_EXCEEDED" }] };
      await expect(read({}, undefined, () => fake.server.once("GET", /query/, limit).once("GET", /query/, limit).once("GET", /query/, limit))).rejects.toMatchObject({ kind: "transient" });
    },
  },
});
