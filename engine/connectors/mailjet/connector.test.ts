import { expect } from "vitest";
import { MAILJET_UNAUTHORIZED, mailjetDay, startMailjetFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { daysBetween } from "../../../tests/fakes/support/seeded.js";
import { mailjetConnector } from "./connector.js";

behaviourSuite({
  connector: mailjetConnector,
  start: startMailjetFake,
  dataPath: "/v3/REST/statcounters",
  read: { fields: ["date", "sent", "unique_opens", "open_rate"], range: { start: "2025-01-06", end: "2025-01-07" } },
  unauthorized: MAILJET_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "42", name: "Signalpost", timezone: "UTC", currency: "EUR", status: "active" }]);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual(
      ["2025-01-06", "2025-01-07"].map((date) => {
        const c = mailjetDay(date);
        return { date, sent: c.MessageSentCount, unique_opens: c.MessageOpenedCount, open_rate: Math.round((c.MessageOpenedCount / c.MessageSentCount) * 1e4) / 1e4 };
      }),
    );
    const [request] = fake.server.requestsTo("/v3/REST/statcounters");
    expect([request.query.get("FromTS"), request.query.get("ToTS"), request.query.get("CounterTiming")]).toEqual(["2025-01-06T00:00:00Z", "2025-01-08T00:00:00Z", "Message"]);
  },
  pagination: {
    // 123 days: 100 + 23 against Total.
    read: { fields: ["clicks"], range: { start: "2024-10-01", end: "2025-01-31" } },
    pages: 2,
    check(rows) {
      expect(rows).toEqual([{ clicks: daysBetween("2024-10-01", "2025-01-31").reduce((s, d) => s + mailjetDay(d).EventClickedCount, 0) }]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
});
