import { expect } from "vitest";
import { CALLRAIL_ACCOUNTS, CALLRAIL_KEY, CALLRAIL_UNAUTHORIZED, callRailCalls, startCallRailFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { callRailConnector } from "./connector.js";

const account = CALLRAIL_ACCOUNTS[0].id;
const day = "2025-03-01";
const DATA = /^\/v3\/a\/[^/]+\/calls\.json$/;

behaviourSuite({
  connector: callRailConnector,
  start: startCallRailFake,
  dataPath: DATA,
  read: { accounts: [account], fields: ["date", "calls", "answered_calls", "duration", "average_duration"], range: { start: day, end: day } },
  unauthorized: CALLRAIL_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(CALLRAIL_ACCOUNTS.map((a) => ({ id: a.id, name: a.name, timezone: a.zone, currency: "USD", status: "active" })));
  },
  singlePage(rows, fake) {
    const calls = callRailCalls(account, day);
    const duration = calls.reduce((s, c) => s + c.duration, 0);
    expect(rows).toEqual([{ date: day, calls: calls.length, answered_calls: calls.filter((c) => c.answered).length, duration, average_duration: Math.round((duration / calls.length) * 10) / 10 }]);
    const [request] = fake.server.requestsTo(DATA);
    expect(request.path).toBe(`/v3/a/${account}/calls.json`);
    expect(Object.fromEntries(request.query)).toEqual({ start_date: day, end_date: day, per_page: "250", fields: "company_id,company_name,source,campaign,first_call,lead_status,value", page: "1" });
    expect(request.headers.authorization).toBe(`Token token="${CALLRAIL_KEY}"`);
  },
  pagination: {
    // A month of calls (over 100) at the fake's 100 a page.
    read: { fields: ["source", "calls", "value"], range: { start: day, end: "2025-03-31" } },
    pages: 2,
    check(rows) {
      const all = Array.from({ length: 31 }, (_, i) => callRailCalls(account, `2025-03-${String(i + 1).padStart(2, "0")}`)).flat();
      expect(all.length).toBeGreaterThan(100);
      expect(rows).toContainEqual({ source: "Google Ads", calls: all.filter((c) => c.source === "Google Ads").length, value: all.filter((c) => c.source === "Google Ads" && c.value).length * 150 });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "counts calls by hour in the company's timezone": async ({ read }) => {
      const rows = await read({ fields: ["date", "hour", "calls"], granularity: "hour" });
      expect(rows.map((r) => r.hour)).toEqual(callRailCalls(account, day).map((_, i) => 8 + i));
      expect(rows.every((r) => r.date === day && r.calls === 1)).toBe(true);
    },
  },
});
