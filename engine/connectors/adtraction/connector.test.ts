import { expect } from "vitest";
import { ADTRACTION_TOKEN, ADTRACTION_UNAUTHORIZED, adtractionTransactions, CHANNELS, startAdtractionFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { adtractionConnector } from "./connector.js";

const blog = String(CHANNELS[0].channelId);
const day = "2025-03-01";
const DATA = "/v3/partner/transactions/";
const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;

behaviourSuite({
  connector: adtractionConnector,
  start: startAdtractionFake,
  dataPath: DATA,
  read: { accounts: [blog], fields: ["date", "transactions", "sale_amount", "commission"], range: { start: day, end: day } },
  unauthorized: ADTRACTION_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(CHANNELS.map((c) => ({ id: String(c.channelId), name: c.channelName, timezone: "Europe/Stockholm", currency: c.currency, status: "active" })));
  },
  singlePage(rows, fake) {
    const ts = adtractionTransactions(blog, day);
    expect(rows).toEqual([{ date: day, transactions: ts.length, sale_amount: sum(ts.map((t) => t.orderValue)), commission: sum(ts.map((t) => t.commission)) }]);
    const [request] = fake.server.requestsTo(DATA);
    expect(request.json()).toEqual({ fromDate: "2025-03-01T00:00:00+0100", toDate: "2025-03-01T23:59:59+0100", channelId: Number(blog) });
    expect(request.headers["x-token"]).toBe(ADTRACTION_TOKEN);
  },
  pagination: {
    read: { fields: ["date", "transactions"], range: { start: day, end: "2025-04-09" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(40);
      expect(rows[39]).toEqual({ date: "2025-04-09", transactions: adtractionTransactions(blog, "2025-04-09").length });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads transactions by program and status": async ({ read }) => {
      const rows = await read({ fields: ["partner_name", "commission_status", "transactions"] });
      const expected = new Map<string, number>();
      for (const t of adtractionTransactions(blog, day)) {
        const key = `${t.programName}|${({ 1: "approved", 2: "pending", 4: "declined" } as Record<number, string>)[t.transactionStatus]}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
      expect(new Map(rows.map((r) => [`${r.partner_name}|${r.commission_status}`, r.transactions]))).toEqual(expected);
    },
  },
});
