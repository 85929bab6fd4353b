import { expect } from "vitest";
import { BREVO_KEY, BREVO_UNAUTHORIZED, brevoDay, startBrevoFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { brevoConnector } from "./connector.js";

behaviourSuite({
  connector: brevoConnector,
  start: startBrevoFake,
  dataPath: /^\/v3\/(smtp\/statistics\/reports|emailCampaigns)$/,
  read: { fields: ["date", "delivered", "unique_opens", "open_rate"], range: { start: "2025-01-06", end: "2025-01-07" } },
  unauthorized: BREVO_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "ops@signalpost.example", name: "Signalpost", timezone: "UTC", currency: "EUR", status: "active" }]);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual(
      ["2025-01-06", "2025-01-07"].map((date) => {
        const r = brevoDay(date);
        return { date, delivered: r.delivered, unique_opens: r.uniqueOpens, open_rate: Math.round((r.uniqueOpens / r.delivered) * 1e4) / 1e4 };
      }),
    );
    const [request] = fake.server.requestsTo("/v3/smtp/statistics/reports");
    expect([request.query.get("startDate"), request.query.get("endDate"), request.headers["api-key"]]).toEqual(["2025-01-06", "2025-01-07", BREVO_KEY]);
  },
  pagination: {
    // 31 days: 30 + 1 with offset.
    read: { fields: ["sent"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows) {
      expect(rows).toEqual([{ sent: Array.from({ length: 31 }, (_, i) => 1001 + i).reduce((a, b) => a + b, 0) }]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "reads sent campaigns with their global statistics": async ({ read }) => {
      expect(await read({ options: { report: "campaigns" }, fields: ["campaigns", "sent", "click_rate"], range: { start: "2025-01-06", end: "2025-01-07" } })).toEqual([{ campaigns: 2, sent: 10000, click_rate: 0.0505 }]);
    },
  },
});
