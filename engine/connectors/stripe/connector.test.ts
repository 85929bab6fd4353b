import { DateTime } from "luxon";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startStripeFake, STRIPE_FAKE_KEY, type StripeFake } from "./fake.js";
import { createConnectorContext } from "../../core/context.js";
import { ConnectorError } from "../../core/errors.js";
import { memoryLogger } from "../../core/logger.js";
import { collectRows } from "../../core/pages.js";
import type { Account, ReadRequest } from "../../core/types.js";
import { createdFilter, STRIPE_API_VERSION, stripeConnector } from "./connector.js";
import { currencyDecimals, fromMinorUnits } from "./currency.js";

let fake: StripeFake;
beforeEach(async () => {
  fake = await startStripeFake();
});
afterEach(async () => {
  await fake.close();
});

const ctx = (key = STRIPE_FAKE_KEY, log = memoryLogger()) =>
  createConnectorContext(stripeConnector, { credential: { type: "api-key", key }, baseUrl: fake.url, log, retry: { retries: 2, minTimeoutMs: 1, maxTimeoutMs: 10 } });

const account: Account = { id: "acct_1SignalpostFake", name: "Signalpost", timezone: "Europe/London", currency: "GBP" };

const read = (req: Partial<ReadRequest>, context = ctx()) =>
  collectRows(stripeConnector.read(context, { accounts: [account], fields: ["date", "transactions", "amount", "fees", "net"], range: { start: "2025-01-06", end: "2025-01-06" }, ...req }));

const dayOf = (created: number) => DateTime.fromSeconds(created, { zone: "Europe/London" }).toFormat("yyyy-MM-dd");
const txnRequests = () => fake.server.requestsTo("/v1/balance_transactions", "GET");
const pence = (values: number[]) => Math.round(values.reduce((s, v) => s + v, 0)) / 100;

describe("stripe connector", () => {
  it("converts minor units by currency decimals", () => {
    expect(fromMinorUnits(1999, "usd")).toBe(19.99);
    expect(fromMinorUnits(1999, "JPY")).toBe(1999);
    expect(fromMinorUnits(19990, "kwd")).toBe(19.99);
    expect(fromMinorUnits(50000, "isk")).toBe(500);
    expect([currencyDecimals("ugx"), currencyDecimals("bhd"), currencyDecimals("eur")]).toEqual([0, 3, 2]);
  });

  it("checks the key as a Bearer token with the pinned Stripe-Version", async () => {
    await expect(stripeConnector.check(ctx())).resolves.toEqual({ ok: true, identity: "Signalpost Ltd" });
    const [request] = fake.server.requestsTo("/v1/account");
    expect(request.headers.authorization).toBe(`Bearer ${STRIPE_FAKE_KEY}`);
    expect(request.headers["stripe-version"]).toBe(STRIPE_API_VERSION);
  });

  it("lists the Stripe account with its dashboard timezone and default currency", async () => {
    expect(await stripeConnector.listAccounts(ctx())).toEqual([{ ...account, status: "active" }]);
  });

  it("connects a restricted key without rak_accounts_kyc_basic_read: the account id from Stripe's 403, days in UTC", async () => {
    await fake.close();
    fake = await startStripeFake({ withoutAccountRead: true });
    await expect(stripeConnector.check(ctx())).resolves.toEqual({ ok: true, identity: "acct_1SignalpostFake" });
    const [restricted] = await stripeConnector.listAccounts(ctx());
    expect(restricted).toEqual({ id: "acct_1SignalpostFake", name: "Stripe acct_1SignalpostFake", timezone: "Etc/UTC", currency: "USD", status: "active" });
    const rows = await read({ accounts: [restricted], range: { start: "2025-01-06", end: "2025-01-06" }, fields: ["date", "transactions"] });
    expect(rows).toHaveLength(1);
    expect(rows[0].date).toBe("2025-01-06");
  });

  it("still refuses a restricted key that cannot read the reports' data", async () => {
    await fake.close();
    fake = await startStripeFake({ withoutAccountRead: true });
    fake.failNext("permission");
    await expect(stripeConnector.check(ctx())).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("rak_balance_transaction_source_read") });
  });

  it("reads one page of balance transactions for a London day, amounts in pounds", async () => {
    const rows = await read({});
    const day = fake.balanceTransactions.filter((t) => dayOf(t.created) === "2025-01-06");
    expect(day.length).toBeGreaterThan(0);
    expect(rows).toEqual([
      { date: "2025-01-06", transactions: day.length, amount: pence(day.map((t) => t.amount)), fees: pence(day.map((t) => t.fee)), net: pence(day.map((t) => t.net)) },
    ]);
    const [request] = txnRequests();
    const bounds = createdFilter({ start: "2025-01-06", end: "2025-01-06" }, "Europe/London");
    expect(request.query.get("created[gte]")).toBe(String(bounds["created[gte]"]));
    expect(request.query.get("created[lt]")).toBe(String(bounds["created[lt]"]));
    expect(bounds["created[lt]"] - bounds["created[gte]"]).toBe(86400);
    expect(request.query.get("limit")).toBe("100");
    expect(request.query.get("starting_after")).toBeNull();
  });

  it("pages with starting_after = the last id while has_more", async () => {
    const rows = await read({ range: { start: "2025-01-01", end: "2025-01-31" }, fields: ["type", "transactions", "net"] });
    const requests = txnRequests();
    expect(fake.balanceTransactions.length).toBeGreaterThan(100);
    expect(requests).toHaveLength(Math.ceil(fake.balanceTransactions.length / 100));
    const newestFirst = [...fake.balanceTransactions].sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
    expect(requests[1].query.get("starting_after")).toBe(newestFirst[99].id);
    const byType = Object.fromEntries(rows.map((r) => [r.type, r.transactions]));
    expect(byType).toEqual({
      charge: fake.balanceTransactions.filter((t) => t.type === "charge").length,
      refund: fake.balanceTransactions.filter((t) => t.type === "refund").length,
      payout: fake.balanceTransactions.filter((t) => t.type === "payout").length,
    });
  });

  it("returns no rows for a range without transactions", async () => {
    expect(await read({ range: { start: "2024-03-01", end: "2024-03-02" } })).toEqual([]);
  });

  it("reads charges: successes, failures, refunds and distinct customers, by hour", async () => {
    const rows = await read({
      options: { report: "charges" },
      fields: ["hour", "charges", "successful_charges", "failed_charges", "amount_captured"],
      granularity: "hour",
    });
    const day = fake.charges.filter((c) => dayOf(c.created) === "2025-01-06");
    expect(rows).toEqual(
      day
        .sort((a, b) => b.created - a.created)
        .map((c) => ({ hour: DateTime.fromSeconds(c.created, { zone: "Europe/London" }).hour, charges: 1, successful_charges: c.status === "succeeded" ? 1 : 0, failed_charges: c.status === "failed" ? 1 : 0, amount_captured: c.amount_captured / 100 })),
    );
    const month = await read({ options: { report: "charges" }, fields: ["customers", "amount_refunded"], range: { start: "2025-01-01", end: "2025-01-31" } });
    expect(month).toEqual([{ customers: new Set(fake.charges.map((c) => c.customer)).size, amount_refunded: pence(fake.charges.map((c) => c.amount_refunded)) }]);
    expect(fake.server.requestsTo("/v1/charges").length).toBeGreaterThan(1);
  });

  it("maps an invalid key (401) to a config error without echoing the key", async () => {
    const error = await stripeConnector.check(ctx("rk_test_wrongwrongwrong0000")).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ kind: "config", status: 401, message: expect.stringContaining("reconnect") });
    expect(JSON.stringify(error.toJSON()) + error.message).not.toContain("rk_test_wrongwrongwrong0000");
  });

  it("maps a restricted key without permission (403) to a config error naming the permission", async () => {
    fake.failNext("permission");
    await expect(read({})).rejects.toMatchObject({ kind: "config", status: 403, message: expect.stringContaining("rak_balance_transaction_source_read") });
  });

  it("maps invalid_request_error (400) to a system error with Stripe's message", async () => {
    fake.failNext("invalidRequest");
    await expect(read({})).rejects.toMatchObject({ kind: "system", status: 400, message: expect.stringContaining("unknown parameter") });
  });

  it("retries a 429 after Retry-After, then succeeds", async () => {
    fake.failNext("rateLimited", { retryAfterSeconds: 1 });
    const started = Date.now();
    const rows = await read({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(rows).toHaveLength(1);
    expect(txnRequests()).toHaveLength(2);
  });

  it("retries a 500 api_error, then succeeds", async () => {
    fake.failNext("serverError");
    const rows = await read({});
    expect(rows).toHaveLength(1);
    expect(txnRequests()).toHaveLength(2);
  });

  // Decision 0940: an answer the schema refuses is the client's system error naming the platform,
  // never a TypeError deep in a row or quietly wrong rows.
  it("reports a balance transactions answer the schema refuses as a system error naming Stripe, with no rows", async () => {
    fake.server.once("GET", "/v1/balance_transactions", { json: { object: "list", data: [{ id: "txn_1", amount: "a lot", created: "yesterday" }], has_more: false } });
    const error = await read({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ kind: "system", message: expect.stringMatching(/^stripe answered with an unexpected payload/) });
  });
});
