import { expect } from "vitest";
import { DateTime } from "luxon";
import { PIPEDRIVE_UNAUTHORIZED, startPipedriveFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { pipedriveConnector } from "./connector.js";

const local = (iso: string) => DateTime.fromISO(iso).setZone("Europe/Tallinn").toFormat("yyyy-MM-dd");

behaviourSuite({
  connector: pipedriveConnector,
  start: startPipedriveFake,
  dataPath: "/api/v2/deals",
  // The newest 500 deals reach back to January 7: the last days of the month are one page.
  read: { fields: ["date", "deals", "value", "won_deals", "win_rate"], range: { start: "2025-01-30", end: "2025-01-31" } },
  unauthorized: PIPEDRIVE_UNAUTHORIZED,
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "9001", name: "Signal OÜ", timezone: "Europe/Tallinn", currency: "EUR", status: "active" }]);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual(
      ["2025-01-31", "2025-01-30"].map((date) => {
        const ds = fake.deals.filter((d) => local(d.add_time) === date);
        const won = ds.filter((d) => d.status === "won").length;
        return { date, deals: ds.length, value: ds.reduce((s, d) => s + d.value, 0), won_deals: won, win_rate: Math.round((won / ds.length) * 1e4) / 1e4 };
      }),
    );
    const [request] = fake.server.requestsTo("/api/v2/deals");
    expect([request.query.get("sort_by"), request.query.get("sort_direction"), request.query.get("limit")]).toEqual(["add_time", "desc", "500"]);
    expect(request.headers.authorization).toBe("Bearer pd-access-token-0123456789");
  },
  pagination: {
    read: { fields: ["status", "deals"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows, fake) {
      for (const status of ["open", "won", "lost"]) expect(rows.find((r) => r.status === status)?.deals).toBe(fake.deals.filter((d) => d.status === status).length);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
});
