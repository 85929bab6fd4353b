import { failureOf } from "../../../tests/fakes/support/failure.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dayMetrics, hourMetrics } from "../../../tests/fakes/support/ads-metrics.js";
import { startTwitterFake, X_CONSUMER, X_TOKEN, type TwitterFake } from "./fake.js";
import { createConnectorContext } from "../../core/context.js";
import { memoryLogger } from "../../core/logger.js";
import { collectRows } from "../../core/pages.js";
import type { Account, ReadRequest } from "../../core/types.js";
import { createTwitterAdsConnector } from "./connector.js";

const connector = createTwitterAdsConnector({ poll: { initialDelayMs: 5, maxDelayMs: 10 } });
let fake: TwitterFake;
const log = memoryLogger();

const ctx = (credential = X_TOKEN, base = fake) =>
  createConnectorContext(connector, { credential, app: X_CONSUMER, baseUrl: base.baseUrl, log, retry: { retries: 3, minTimeoutMs: 1, maxTimeoutMs: 5 } });

const coffee: Account = { id: "18ce54d4x5t", name: "Bay Coffee", timezone: "America/Los_Angeles", currency: "USD" };

const read = (req: Partial<ReadRequest>, context = ctx()) =>
  collectRows(
    connector.read(context, {
      accounts: [coffee],
      fields: ["date", "campaign_id", "campaign_name", "impressions", "clicks", "cost", "conversions", "purchases"],
      range: { start: "2025-03-01", end: "2025-03-01" },
      options: { report: "campaigns" },
      ...req,
    }),
  );

const failure = failureOf;

beforeAll(async () => {
  fake = await startTwitterFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.server.reset();
  fake.pendingPolls = 2;
  fake.remaining = undefined;
  log.lines.length = 0;
});

describe("twitter-ads connector", () => {
  it("signs every request with OAuth 1.0a HMAC-SHA1 (the fake recomputes the signature)", async () => {
    await expect(connector.check(ctx())).resolves.toEqual({ ok: true, identity: "Bay Coffee" });
    const auth = String(fake.server.requests[0].headers.authorization);
    expect(auth).toMatch(/^OAuth /);
    expect(auth).toContain(`oauth_consumer_key="${X_CONSUMER.clientId}"`);
    expect(auth).toContain(`oauth_token="${X_TOKEN.token}"`);
    expect(auth).toContain('oauth_signature_method="HMAC-SHA1"');
  });

  it("rejects a wrong token secret as a config error (bad signature -> 401)", async () => {
    const e = await failure(connector.check(ctx({ ...X_TOKEN, tokenSecret: "wrong-secret-000000" })));
    expect(e.kind).toBe("config");
    expect(e.message).toMatch(/UNAUTHORIZED_ACCESS.*Reconnect/);
    expect(fake.server.requests).toHaveLength(1);
  });

  it("lists live ad accounts across cursor pages, with the funding instrument's currency", async () => {
    const small = await startTwitterFake({ maxCount: 1 });
    try {
      const accounts = await connector.listAccounts(ctx(X_TOKEN, small));
      expect(accounts).toEqual([
        { id: "18ce54d4x5t", name: "Bay Coffee", timezone: "America/Los_Angeles", currency: "USD", status: "active" },
        { id: "gq1a2b3c4d", name: "Berlin Books", timezone: "Europe/Berlin", currency: "EUR", status: "active" },
      ]);
      const pages = small.server.requestsTo("/12/accounts");
      expect(pages).toHaveLength(3);
      expect(pages[1].query.get("cursor")).toBeTruthy();
    } finally {
      await small.close();
    }
  });

  it("reads one day of active campaigns synchronously, aligned to the account's midnight", async () => {
    const rows = await read({});
    const expected = ["8wku2", "8wku3"].map((id, i) => {
      const m = dayMetrics(`18ce54d4x5t/${id}`, "2025-03-01");
      return { date: "2025-03-01", campaign_id: id, campaign_name: ["Morning Brew", "Holiday Blend"][i], impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions + (m.conversions > 0 ? 1 : 0), purchases: m.conversions };
    });
    expect(rows).toEqual(expected);
    const [stats] = fake.server.requestsTo("/12/stats/accounts/18ce54d4x5t");
    expect(Object.fromEntries(stats.query)).toEqual({
      entity: "CAMPAIGN",
      entity_ids: "8wku2,8wku3",
      start_time: "2025-03-01T08:00:00Z",
      end_time: "2025-03-02T08:00:00Z",
      granularity: "DAY",
      metric_groups: "ENGAGEMENT,BILLING,WEB_CONVERSION",
      placement: "ALL_ON_TWITTER",
    });
  });

  it("pages through campaign listings with cursors", async () => {
    const small = await startTwitterFake({ maxCount: 2 });
    try {
      const rows = await read({ fields: ["campaign_id", "campaign_name", "clicks"] }, ctx(X_TOKEN, small));
      expect(rows.map((r) => r.campaign_name)).toEqual(["Morning Brew", "Holiday Blend"]);
      expect(small.server.requestsTo("/12/accounts/18ce54d4x5t/campaigns")).toHaveLength(2);
    } finally {
      await small.close();
    }
  });

  it("returns nothing for an account without active campaigns", async () => {
    const berlin: Account = { id: "gq1a2b3c4d", name: "Berlin Books", timezone: "Europe/Berlin", currency: "EUR" };
    expect(await read({ accounts: [berlin] })).toEqual([]);
    expect(fake.server.requestsTo("/12/stats/accounts/gq1a2b3c4d")).toHaveLength(0);
  });

  it("reads account-level hours in the account's timezone", async () => {
    const rows = await read({ options: { report: "account" }, granularity: "hour", fields: ["date", "hour", "impressions", "cost"] });
    expect(rows).toHaveLength(24);
    const h9 = ["8wku2", "8wku3"].map((id) => hourMetrics(`18ce54d4x5t/${id}`, "2025-03-01", 9));
    expect(rows[9]).toEqual({ date: "2025-03-01", hour: 9, impressions: h9[0].impressions + h9[1].impressions, cost: Math.round((h9[0].cost + h9[1].cost) * 1e6) / 1e6 });
    const [stats] = fake.server.requestsTo("/12/stats/accounts/18ce54d4x5t");
    expect(stats.query.get("entity")).toBe("ACCOUNT");
    expect(stats.query.get("entity_ids")).toBe("18ce54d4x5t");
    expect(stats.query.get("granularity")).toBe("HOUR");
  });

  it("runs an async stats job for a long range: submitted, processing, then downloaded and gunzipped", async () => {
    const rows = await read({ range: { start: "2025-01-01", end: "2025-01-31" }, fields: ["date", "campaign_id", "clicks"] });
    expect(rows).toHaveLength(31 * 2);
    expect(rows.find((r) => r.date === "2025-01-15" && r.campaign_id === "8wku3")).toEqual({ date: "2025-01-15", campaign_id: "8wku3", clicks: dayMetrics("18ce54d4x5t/8wku3", "2025-01-15").clicks });
    const [job] = fake.server.requestsTo("/12/stats/jobs/accounts/18ce54d4x5t", "POST");
    expect(job.query.get("start_time")).toBe("2025-01-01T08:00:00Z");
    expect(job.query.get("end_time")).toBe("2025-02-01T08:00:00Z");
    expect(fake.server.requestsTo("/12/stats/jobs/accounts/18ce54d4x5t", "GET")).toHaveLength(3);
    const [download] = fake.server.requestsTo("/advertiser-api-async-analytics/:file");
    expect(download.headers.authorization).toBeUndefined();
    expect(fake.server.requestsTo("/12/stats/accounts/18ce54d4x5t")).toHaveLength(0);
  });

  it("waits for the reset of an exhausted rate-limit window before the next call", async () => {
    fake.remaining = 1;
    expect(await read({ fields: ["campaign_id", "clicks"] })).toHaveLength(2);
    expect(log.lines.some((l) => l.message.includes("rate limit window exhausted"))).toBe(true);
  });

  it("retries a 429 at x-rate-limit-reset, then succeeds", async () => {
    fake.fail("rate-limited", { path: /\/stats\/accounts\/[^/]+$/, resetInSeconds: 1 });
    expect(await read({})).toHaveLength(2);
    expect(fake.server.requestsTo("/12/stats/accounts/18ce54d4x5t")).toHaveLength(2);
  });

  it("hands a far-away reset back to the caller with its time", async () => {
    fake.fail("rate-limited", { resetInSeconds: 900 });
    const e = await failure(read({}));
    expect(e.kind).toBe("transient");
    expect(e.retryAfterMs).toBeGreaterThan(890_000);
    expect(e.message).toMatch(/TOO_MANY_REQUESTS.*Retrying at/);
  });

  it("retries a 503, then succeeds", async () => {
    fake.fail("server-error", { path: /\/stats\/accounts\/[^/]+$/ });
    expect(await read({})).toHaveLength(2);
  });

  it("maps 401 and 403 bodies to config errors", async () => {
    fake.fail("unauthorized");
    expect((await failure(read({}))).kind).toBe("config");
    fake.fail("forbidden");
    const e = await failure(read({}));
    expect(e.kind).toBe("config");
    expect(e.message).toContain("INSUFFICIENT_USER_AUTHORIZED_PERMISSION");
  });
  it("reports an unexpected analytics payload as a system error with an excerpt", async () => {
    fake.server.once("GET", "/12/stats/accounts/18ce54d4x5t", { status: 200, json: { data: [{ id: 42 }] } });
    const e = await failure(read({}));
    expect(e.kind).toBe("system");
    expect(e.message).toMatch(/unexpected analytics payload/);
    expect(e.bodyExcerpt).toContain('"id":42');
  });

  it("adds publisher-network delivery to delivery on X when both placements are asked", async () => {
    const rows = await read({ options: { report: "campaigns", placement: "ALL" }, fields: ["campaign_id", "impressions", "cost"] });
    const both = (id: string) => [dayMetrics(`18ce54d4x5t/${id}`, "2025-03-01"), dayMetrics(`18ce54d4x5t/${id}/pn`, "2025-03-01")];
    expect(rows).toEqual(
      ["8wku2", "8wku3"].map((id) => {
        const [x, pn] = both(id);
        return { campaign_id: id, impressions: x.impressions + pn.impressions, cost: Math.round((x.cost + pn.cost) * 1e6) / 1e6 };
      }),
    );
    expect(fake.server.requestsTo("/12/stats/accounts/18ce54d4x5t").map((r) => r.query.get("placement"))).toEqual(["ALL_ON_TWITTER", "PUBLISHER_NETWORK"]);
  });

  it("offers the placement as a config field", async () => {
    const fields = await connector.listConfigFields();
    expect(fields.map((f) => f.id)).toEqual(["report", "placement"]);
    await expect(read({ options: { report: "campaigns", placement: "MOON" } })).rejects.toThrow(/Unknown X Ads placement/);
  });

  // Decision 0940: an answer the schema refuses is the client's system error naming the platform,
  // never a TypeError deep in a row or quietly wrong rows.
  it("reports a stats answer the schema refuses as a system error naming X Ads, with no rows", async () => {
    fake.server.once("GET", "/12/stats/accounts/:id", { json: { request: { params: {} }, data: [{ id: "c1", id_data: "not a list" }] } });
    await expect(read({})).rejects.toMatchObject({ kind: "system", message: expect.stringMatching(/^X Ads answered with an unexpected analytics payload/) });
    expect(fake.server.requestsTo("/12/stats/accounts/:id")).toHaveLength(1);
  });
});
