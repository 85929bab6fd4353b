import { expect } from "vitest";
import { PAYPAL_UNAUTHORIZED, startPaypalFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { paypalConnector } from "./connector.js";

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

behaviourSuite({
  connector: paypalConnector,
  start: startPaypalFake,
  dataPath: "/v1/reporting/transactions",
  read: { fields: ["date", "event_group", "transactions", "amount", "fees"], range: { start: "2025-01-06", end: "2025-01-06" } },
  unauthorized: PAYPAL_UNAUTHORIZED,
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "PAYER42XYZ", name: "Signal Shop", timezone: "UTC", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    const day = fake.transactions.filter((t) => t.transaction_initiation_date.startsWith("2025-01-06"));
    const of = (code: string) => day.filter((t) => t.transaction_event_code === code);
    expect(rows).toEqual([
      { date: "2025-01-06", event_group: "payment", transactions: of("T0006").length, amount: sum(of("T0006").map((t) => Number(t.transaction_amount.value))), fees: sum(of("T0006").map((t) => Number(t.fee_amount.value))) },
      { date: "2025-01-06", event_group: "refund", transactions: of("T1107").length, amount: sum(of("T1107").map((t) => Number(t.transaction_amount.value))), fees: 0 },
    ]);
    const [request] = fake.server.requestsTo("/v1/reporting/transactions");
    expect([request.query.get("start_date"), request.query.get("end_date"), request.query.get("page_size")]).toEqual(["2025-01-06T00:00:00Z", "2025-01-06T23:59:59Z", "500"]);
  },
  pagination: {
    // 620 transactions in January: pages of 500.
    read: { fields: ["transactions"], range: { start: "2025-01-01", end: "2025-01-31" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual([{ transactions: fake.transactions.length }]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "splits ranges longer than 31 days": async ({ read, fake }) => {
      await read({ fields: ["transactions"], range: { start: "2024-12-01", end: "2025-01-31" } });
      expect(fake.server.requestsTo("/v1/reporting/transactions").map((r) => r.query.get("start_date"))).toEqual(["2024-12-01T00:00:00Z", "2025-01-01T00:00:00Z", "2025-01-01T00:00:00Z"]);
    },
  },
});
