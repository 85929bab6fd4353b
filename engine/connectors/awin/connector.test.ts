import { expect } from "vitest";
import { AWIN_ACCOUNTS, AWIN_TOKEN, AWIN_UNAUTHORIZED, awinTransactions, startAwinFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { awinConnector } from "./connector.js";

const publisher = String(AWIN_ACCOUNTS[0].accountId);
const advertiser = String(AWIN_ACCOUNTS[1].accountId);
const day = "2025-03-01";
const DATA = /^\/(publishers|advertisers)\/\d+\/transactions\/$/;
const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;

behaviourSuite({
  connector: awinConnector,
  start: startAwinFake,
  dataPath: DATA,
  read: { accounts: [publisher], fields: ["date", "transactions", "sale_amount", "commission"], range: { start: day, end: day } },
  unauthorized: AWIN_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(AWIN_ACCOUNTS.map((a) => ({ id: String(a.accountId), name: a.accountName, timezone: "UTC", currency: "GBP", status: "active" })));
  },
  singlePage(rows, fake) {
    const ts = awinTransactions(publisher, day);
    expect(rows).toEqual([{ date: day, transactions: ts.length, sale_amount: sum(ts.map((t) => t.saleAmount.amount)), commission: sum(ts.map((t) => t.commissionAmount.amount)) }]);
    const [request] = fake.server.requestsTo(DATA);
    expect(request.path).toBe(`/publishers/${publisher}/transactions/`);
    expect(Object.fromEntries(request.query)).toEqual({ startDate: "2025-03-01T00:00:00", endDate: "2025-03-01T23:59:59", dateType: "transaction", timezone: "UTC" });
    expect(request.headers.authorization).toBe(`Bearer ${AWIN_TOKEN}`);
  },
  pagination: {
    // 40 days: 31 days per request.
    read: { fields: ["date", "transactions"], range: { start: day, end: "2025-04-09" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(40);
      expect(rows[39]).toEqual({ date: "2025-04-09", transactions: awinTransactions(publisher, "2025-04-09").length });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads an advertiser account's transactions by publisher and status": async ({ read, fake }) => {
      const rows = await read({ accounts: [advertiser], fields: ["partner_id", "commission_status", "transactions"] });
      const ts = awinTransactions(advertiser, day);
      const expected = new Map<string, number>();
      for (const t of ts) expected.set(`${t.publisherId}|${t.commissionStatus}`, (expected.get(`${t.publisherId}|${t.commissionStatus}`) ?? 0) + 1);
      expect(new Map(rows.map((r) => [`${r.partner_id}|${r.commission_status}`, r.transactions]))).toEqual(expected);
      expect(fake.server.requestsTo(DATA)[0].path).toBe(`/advertisers/${advertiser}/transactions/`);
    },
  },
});
