import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FAKE_CAMPAIGNS,
  FAKE_FLOWS,
  FAKE_ORDER_VALUE,
  fakeCount,
  fakeUnique,
  KLAVIYO_FAKE_KEY,
  KLAVIYO_FAKE_TIMEZONE,
  startKlaviyoFake,
  type KlaviyoFake,
} from "./fake.js";
import { createConnectorContext } from "../../core/context.js";
import { ConnectorError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import type { Account, ReadRequest } from "../../core/types.js";
import { datetimeFilter } from "./aggregates.js";
import { KLAVIYO_REVISION, klaviyoConnector } from "./connector.js";

let fake: KlaviyoFake;
const start = async (opts?: Parameters<typeof startKlaviyoFake>[0]) => {
  fake = await startKlaviyoFake(opts);
};
beforeEach(() => start());
afterEach(async () => {
  await fake.close();
});

const ctx = (key = KLAVIYO_FAKE_KEY) =>
  createConnectorContext(klaviyoConnector, { credential: { type: "api-key", key }, baseUrl: fake.url, retry: { retries: 2, minTimeoutMs: 1, maxTimeoutMs: 10 } });

const account: Account = { id: "XyZ123", name: "Signalpost Shop", timezone: KLAVIYO_FAKE_TIMEZONE, currency: "USD" };

const read = (req: Partial<ReadRequest>) =>
  collectRows(klaviyoConnector.read(ctx(), { accounts: [account], fields: ["date", "emails_opened"], range: { start: "2025-01-06", end: "2025-01-06" }, ...req }));

const hours = Array.from({ length: 24 }, (_, h) => h);
const dayCount = (metric: string, date: string, groups: number[], transform = (n: number) => n) =>
  groups.reduce((s, g) => s + hours.reduce((t, h) => t + transform(fakeCount(metric, date, h, g)), 0), 0);

describe("klaviyo connector", () => {
  it("checks the key with Klaviyo-API-Key and the revision header", async () => {
    await expect(klaviyoConnector.check(ctx())).resolves.toEqual({ ok: true, identity: "Signalpost Shop" });
    const [request] = fake.server.requestsTo("/api/accounts");
    expect(request.headers.authorization).toBe(`Klaviyo-API-Key ${KLAVIYO_FAKE_KEY}`);
    expect(request.headers.revision).toBe(KLAVIYO_REVISION);
    expect(request.headers.accept).toBe("application/vnd.api+json");
  });

  it("lists the account with its timezone and preferred currency", async () => {
    expect(await klaviyoConnector.listAccounts(ctx())).toEqual([{ ...account, status: "active" }]);
  });

  it("reads one day of an account metric: metric ids from the paged metric list, one aggregate query", async () => {
    const rows = await read({});
    expect(rows).toEqual([{ date: "2025-01-06", emails_opened: dayCount("OpndEm", "2025-01-06", [0, 1, 2]) }]);
    expect(fake.server.requestsTo("/api/metrics").map((r) => r.query.get("page[cursor]") === null)).toEqual([true, false]);
    const [query] = fake.aggregateRequests();
    expect(query).toMatchObject({ metric_id: "OpndEm", measurements: ["count"], interval: "day", timezone: KLAVIYO_FAKE_TIMEZONE });
    expect(query.filter).toEqual(datetimeFilter({ start: "2025-01-06", end: "2025-01-06" }, KLAVIYO_FAKE_TIMEZONE));
    expect(query.filter).toEqual(["greater-or-equal(datetime,2025-01-06T00:00:00-06:00)", "less-than(datetime,2025-01-07T00:00:00-06:00)"]);
    const post = fake.server.requestsTo("/api/metric-aggregates", "POST")[0];
    expect(post.headers["content-type"]).toBe("application/vnd.api+json");
    expect(post.json<{ data: { type: string } }>().data.type).toBe("metric-aggregate");
  });

  it("asks one query per metric with every measurement it needs", async () => {
    const rows = await read({ fields: ["date", "emails_opened", "unique_opens", "orders", "revenue"], range: { start: "2025-01-06", end: "2025-01-07" } });
    const queries = fake.aggregateRequests();
    expect(queries.map((q) => [q.metric_id, q.measurements])).toEqual([
      ["OpndEm", ["count", "unique"]],
      ["PlcdOr", ["count", "sum_value"]],
    ]);
    expect(rows).toEqual(
      ["2025-01-06", "2025-01-07"].map((date) => ({
        date,
        emails_opened: dayCount("OpndEm", date, [0, 1, 2]),
        unique_opens: dayCount("OpndEm", date, [0, 1, 2], fakeUnique),
        orders: dayCount("PlcdOr", date, [0, 1, 2]),
        revenue: dayCount("PlcdOr", date, [0, 1, 2]) * FAKE_ORDER_VALUE,
      })),
    );
  });

  it("returns zeros, not gaps, for quiet days, and nothing for metrics the account never recorded", async () => {
    const rows = await read({ fields: ["date", "hour", "emails_opened"], granularity: "hour" });
    expect(rows).toHaveLength(24);
    expect(rows[0]).toEqual({ date: "2025-01-06", hour: 0, emails_opened: 0 });
    expect(rows[10]).toEqual({ date: "2025-01-06", hour: 10, emails_opened: [0, 1, 2].reduce((s, g) => s + fakeCount("OpndEm", "2025-01-06", 10, g), 0) });
    expect(fake.aggregateRequests()[0].interval).toBe("hour");
    expect(await read({ fields: ["date", "spam_complaints"] })).toEqual([]);
  });

  it("groups by campaign ($message) with names from the email campaigns listing", async () => {
    const rows = await read({ options: { report: "campaigns" }, fields: ["campaign_name", "emails_opened", "orders"] });
    expect(fake.aggregateRequests().map((q) => q.by)).toEqual([["$message"], ["$attributed_message"]]);
    expect(fake.server.requestsTo("/api/campaigns")[0].query.get("filter")).toBe("equals(messages.channel,'email')");
    expect(rows).toEqual(
      FAKE_CAMPAIGNS.map((c, i) => ({ campaign_name: c.name, emails_opened: dayCount("OpndEm", "2025-01-06", [i]), orders: dayCount("PlcdOr", "2025-01-06", [i]) })),
    );
  });

  it("groups by flow ($flow) and follows the aggregate page_cursor", async () => {
    await fake.close();
    await start({ aggregatePageSize: 1 });
    const rows = await read({ options: { report: "flows" }, fields: ["flow_id", "flow_name", "emails_clicked"] });
    const queries = fake.aggregateRequests();
    expect(queries).toHaveLength(3);
    expect(queries[0].page_cursor).toBeUndefined();
    expect(queries[1].page_cursor).toEqual(expect.any(String));
    expect(queries.every((q) => q.by?.[0] === "$flow")).toBe(true);
    expect(rows).toEqual(FAKE_FLOWS.map((f, i) => ({ flow_id: f.id, flow_name: f.name, emails_clicked: dayCount("ClkdEm", "2025-01-06", [i]) })));
  });

  it("puts buckets labelled in UTC (+00:00, Klaviyo's way) on the account's own days, the first day included", async () => {
    const days = ["2025-01-06", "2025-01-07", "2025-01-08"];
    const rows = await read({ range: { start: days[0], end: days[2] } });
    expect(rows).toEqual(days.map((date) => ({ date, emails_opened: dayCount("OpndEm", date, [0, 1, 2]) })));
    const hourly = await read({ fields: ["date", "hour", "emails_opened"], granularity: "hour" });
    expect(hourly[10]).toEqual({ date: "2025-01-06", hour: 10, emails_opened: [0, 1, 2].reduce((s, g) => s + fakeCount("OpndEm", "2025-01-06", 10, g), 0) });
  });

  it("reads labels that carry the zone's offset as instants", async () => {
    await fake.close();
    await start({ dateLabels: "instant" });
    const rows = await read({ range: { start: "2025-01-06", end: "2025-01-07" } });
    expect(rows.map((r) => r.date)).toEqual(["2025-01-06", "2025-01-07"]);
    expect(rows[0].emails_opened).toBe(dayCount("OpndEm", "2025-01-06", [0, 1, 2]));
  });

  it("reads a body whose rows have no dimensions without a TypeError", async () => {
    await fake.close();
    await start({ omitEmptyDimensions: true });
    expect(await read({})).toEqual([{ date: "2025-01-06", emails_opened: dayCount("OpndEm", "2025-01-06", [0, 1, 2]) }]);
  });

  it("maps an invalid key (401 not_authenticated) to a config error", async () => {
    const error = await klaviyoConnector.check(ctx("pk_wrong_key_00000000000")).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ kind: "config", status: 401, message: expect.stringContaining("reconnect") });
  });

  it("maps a missing scope (403 permission_denied) to a config error naming it", async () => {
    fake.failNext("forbidden");
    await expect(read({})).rejects.toMatchObject({ kind: "config", status: 403, message: expect.stringContaining("metrics:read") });
  });

  it("waits out a 429 with Retry-After, then succeeds", async () => {
    fake.failNext("rateLimited", { retryAfterSeconds: 1 });
    const started = Date.now();
    const rows = await read({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(rows[0].emails_opened).toBe(dayCount("OpndEm", "2025-01-06", [0, 1, 2]));
    expect(fake.aggregateRequests()).toHaveLength(2);
  });

  it("retries a 500, then succeeds", async () => {
    fake.failNext("serverError");
    const rows = await read({});
    expect(rows[0].emails_opened).toBe(dayCount("OpndEm", "2025-01-06", [0, 1, 2]));
    expect(fake.aggregateRequests()).toHaveLength(2);
  });

  // Decision 0940: an answer the schema refuses is the client's system error naming the platform,
  // never a TypeError deep in a row or quietly wrong rows.
  it("reports an aggregate answer that is not what the schema expects as a system error naming Klaviyo, with no rows", async () => {
    fake.server.once("POST", "/api/metric-aggregates", { json: { data: { type: "metric-aggregate", attributes: { dates: "2025-01-06", data: {} } } } });
    const error = await read({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ kind: "system", message: expect.stringMatching(/^klaviyo answered with an unexpected payload/) });
  });
});
