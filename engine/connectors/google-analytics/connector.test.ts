import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TOKEN, CLIENT, REFRESH_TOKEN, facts, failures, startGa4Fake, type Ga4Fake } from "./fake.js";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { ConnectorError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import type { Account, Credential, ReadRequest } from "../../core/types.js";
import { createGa4Connector } from "./connector.js";
import { quotaRefillMs } from "./errors.js";

const connector = createGa4Connector({ pageSize: 5 });
let fake: Ga4Fake;
beforeAll(async () => {
  fake = await startGa4Fake();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.server.reset();
  fake.oauth.reset();
});

const fresh: Credential = { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" };
const context = (credential: Credential = fresh) => fakeContext(connector, fake, { credential, app: CLIENT });
const fr: Account = { id: "300001", name: "acme.fr (Acme)", timezone: "Europe/Paris", currency: "EUR" };
const RUN = "/v1beta/properties/300001:runReport";

function read(req: Partial<ReadRequest>, ctx = context().ctx) {
  return collectRows(connector.read(ctx, { accounts: [fr], fields: ["date", "sessions", "key_events"], range: { start: "2025-03-01", end: "2025-03-01" }, ...req }));
}

function daySum(date: string, pick: (f: ReturnType<typeof facts>[number]) => boolean = () => true) {
  let sessions = 0, keyEvents = 0;
  for (let h = 0; h < 24; h++) for (const f of facts(fr.id, date, h)) if (pick(f)) {
    sessions += f.sessions;
    keyEvents += f.keyEvents;
  }
  return { sessions, keyEvents };
}

describe("google-analytics connector", () => {
  it("runs a report and maps GA4's YYYYMMDD dates and string metrics", async () => {
    const rows = await read({});
    const s = daySum("2025-03-01");
    expect(rows).toEqual([{ date: "2025-03-01", sessions: s.sessions, key_events: s.keyEvents }]);
    const body = fake.server.requestsTo(RUN)[0].json<Record<string, unknown>>();
    expect(body).toMatchObject({
      dateRanges: [{ startDate: "2025-03-01", endDate: "2025-03-01" }],
      dimensions: [{ name: "date" }],
      metrics: [{ name: "sessions" }, { name: "keyEvents" }],
      offset: 0,
      limit: 5,
      returnPropertyQuota: true,
    });
    expect(fake.server.requestsTo(RUN)[0].headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it("pages with offset and limit until rowCount is reached", async () => {
    const rows = await read({ fields: ["date", "session_default_channel_group", "country", "sessions"], range: { start: "2025-03-01", end: "2025-03-02" } });
    // 2 days x 3 channels x 2 countries = 12 rows, 5 a page.
    expect(rows).toHaveLength(12);
    expect(fake.server.requestsTo(RUN).map((r) => r.json<{ offset: number }>().offset)).toEqual([0, 5, 10]);
    const organicFr = daySum("2025-03-02", (f) => f.dims.sessionDefaultChannelGroup === "Organic Search" && f.dims.country === "France").sessions;
    expect(rows.find((r) => r.date === "2025-03-02" && r.session_default_channel_group === "Organic Search" && r.country === "France")?.sessions).toBe(organicFr);
  });

  it("reads hourly rows with date and hour dimensions", async () => {
    const rows = await read({ fields: ["hour", "sessions"], granularity: "hour" });
    expect(rows).toHaveLength(24);
    const h13 = facts(fr.id, "2025-03-01", 13).reduce((n, f) => n + f.sessions, 0);
    expect(rows.find((r) => r.hour === 13)).toEqual({ hour: 13, sessions: h13 });
    expect(fake.server.requestsTo(RUN)[0].json<{ dimensions: unknown[] }>().dimensions).toEqual([{ name: "date" }, { name: "hour" }]);
  });

  it("returns nothing for an empty report (no rows, no rowCount)", async () => {
    fake.server.once("POST", RUN, { json: { dimensionHeaders: [{ name: "date" }], metricHeaders: [{ name: "sessions", type: "TYPE_INTEGER" }], metadata: {}, kind: "analyticsData#runReport" } });
    expect(await read({})).toEqual([]);
    expect(fake.server.requestsTo(RUN)).toHaveLength(1);
  });

  it("lists properties across accountSummaries pages with their timezone and currency", async () => {
    const accounts = await connector.listAccounts(context().ctx);
    expect(accounts).toEqual([
      { id: "300001", name: "acme.fr (Acme)", timezone: "Europe/Paris", currency: "EUR", status: "active" },
      { id: "300002", name: "acme.com (Acme)", timezone: "America/New_York", currency: "USD", status: "active" },
      { id: "300003", name: "blog (Side project)", timezone: "Asia/Tokyo", currency: "JPY", status: "active" },
    ]);
  });

  it("follows accountSummaries nextPageToken", async () => {
    fake.server.once("GET", "/v1beta/accountSummaries", { json: { accountSummaries: [{ account: "accounts/100", displayName: "Acme", propertySummaries: [{ property: "properties/300001", displayName: "acme.fr" }] }], nextPageToken: "1" } });
    const summaries = await connector.check(context().ctx);
    expect(summaries.identity).toBe("2 GA4 properties");
    expect(fake.server.requestsTo("/v1beta/accountSummaries").map((r) => r.query.get("pageToken"))).toEqual([null, "1"]);
  });

  it("maps a 401 that cannot be refreshed to a config error", async () => {
    fake.server.once("POST", RUN, failures.expired());
    const error = (await read({}, context({ type: "oauth2", accessToken: ACCESS_TOKEN }).ctx).catch((e: unknown) => e)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe("config");
  });

  it("maps PERMISSION_DENIED to a missing-permission error naming the property", async () => {
    fake.server.once("POST", RUN, failures.permission());
    const error = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("config");
    expect(error.message).toContain("Missing permission");
    expect(error.message).toContain("GA4 property 300001");
  });

  it("retries an hourly quota error after Retry-After", async () => {
    fake.server.once("POST", RUN, failures.hourlyQuota(1));
    const started = Date.now();
    expect(await read({})).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("hands a daily quota error back with the time it resets", async () => {
    fake.server.once("POST", RUN, failures.dailyQuota());
    const error = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("transient");
    expect(error.retryAfterMs).toBeGreaterThan(120_000);
    expect(error.message).toMatch(/quota reached .* retrying at \d{4}-\d{2}-\d{2}T/);
    expect(fake.server.requestsTo(RUN)).toHaveLength(1);
  });

  it("computes quota refill times per bucket", () => {
    const now = new Date("2025-03-01T10:20:00Z");
    expect(quotaRefillMs("Exhausted property tokens per hour", now)).toBe(40 * 60_000);
    // Midnight in Los Angeles on 2025-03-02 is 08:00 UTC.
    expect(quotaRefillMs("Exhausted property tokens per day", now)).toBe(21 * 3_600_000 + 40 * 60_000);
    expect(quotaRefillMs("Exhausted concurrent requests", now)).toBe(10_000);
  });

  it("retries a 503", async () => {
    fake.server.once("POST", RUN, failures.unavailable());
    expect(await read({})).toHaveLength(1);
    expect(fake.server.requestsTo(RUN)).toHaveLength(2);
  });

  it("refreshes an expired token, persists it and retries", async () => {
    fake.oauth.expireAccessTokens();
    const { ctx, refreshed } = context();
    expect(await read({}, ctx)).toHaveLength(1);
    expect(refreshed).toHaveLength(1);
    const next = refreshed[0] as Extract<Credential, { type: "oauth2" }>;
    expect(next.refreshToken).toBe(REFRESH_TOKEN);
    expect(fake.server.requestsTo(RUN).at(-1)!.headers.authorization).toBe(`Bearer ${next.accessToken}`);
  });

  it("maps an unexpected payload to a system error with a redacted excerpt", async () => {
    fake.server.once("POST", RUN, { json: { rows: "none", echo: ACCESS_TOKEN } });
    const error = (await read({}).catch((e: unknown) => e)) as ConnectorError;
    expect(error.kind).toBe("system");
    expect(error.bodyExcerpt).toContain("none");
    expect(error.bodyExcerpt).not.toContain(ACCESS_TOKEN);
  });

  it("refuses unknown fields and too many metrics", async () => {
    await expect(read({ fields: ["date", "cost"] })).rejects.toThrow(/Unknown field "cost"/);
    const metrics = ["sessions", "engaged_sessions", "total_users", "active_users", "new_users", "screen_page_views", "event_count", "key_events", "engagement_rate", "bounce_rate", "transactions"];
    await expect(read({ fields: metrics })).rejects.toThrow(/at most 9 dimensions and 10 metrics/);
  });
});
