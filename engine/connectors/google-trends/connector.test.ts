import { describe, expect, it } from "vitest";
import { startGoogleTrendsFake, TRENDS_CREDENTIAL, trendsSeries } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { collectRows } from "../../core/pages.js";
import { createGoogleTrendsConnector, googleTrendsConnector as registered, stripXssi } from "./connector.js";

// The registered connector spaces requests two seconds apart; the tests keep the spacing short.
const googleTrendsConnector = createGoogleTrendsConnector({ minTimeMs: 1 });

const MULTILINE = "/trends/api/widgetdata/multiline";
const [croissant, pain] = TRENDS_CREDENTIAL.options.keywords;
const range = { start: "2025-03-01", end: "2025-03-03" };

behaviourSuite({
  connector: googleTrendsConnector,
  start: () => startGoogleTrendsFake(),
  dataPath: MULTILINE,
  read: { accounts: [croissant], fields: ["date", "keyword", "interest"], range },
  unauthorized: { status: 401, body: "<html>Unauthorized</html>" },
  rateLimited: { status: 429, headers: { "retry-after": "1" }, body: "<html>Too Many Requests</html>" },
  listAccounts(accounts) {
    expect(accounts.map((a) => a.id)).toEqual(TRENDS_CREDENTIAL.options.keywords);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual(trendsSeries(croissant, range.start, range.end).map(([date, interest]) => ({ date, keyword: croissant, interest })));
    expect(rows.some((r) => r.interest === 100)).toBe(true);
    const [explore] = fake.server.requestsTo("/trends/api/explore");
    expect(JSON.parse(explore.query.get("req")!)).toEqual({ comparisonItem: [{ keyword: croissant, geo: "", time: "2025-03-01 2025-03-03" }], category: 0, property: "" });
    expect(explore.headers["user-agent"]).toMatch(/SignalpostBot/);
    expect(fake.server.requestsTo("/robots.txt")).toHaveLength(1);
  },
  pagination: {
    // One explore + one multiline per keyword; the window's peak is per keyword.
    read: { accounts: [croissant, pain], fields: ["keyword", "interest"], range },
    pages: 2,
    check(rows) {
      const avg = (k: string) => Math.round((trendsSeries(k, range.start, range.end).reduce((s, [, v]) => s + v, 0) / 3) * 1e4) / 1e4;
      expect(rows).toEqual([{ keyword: croissant, interest: avg(croissant) }, { keyword: pain, interest: avg(pain) }]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "flags partial days": async ({ read }) => {
      const rows = await read({ fields: ["date", "is_partial"], range: { start: "2025-03-09", end: "2025-03-10" } });
      expect(rows).toEqual([{ date: "2025-03-09", is_partial: false }, { date: "2025-03-10", is_partial: true }]);
    },
  },
});

describe("google-trends politeness", () => {
  it("spaces requests at least two seconds apart in production", () => {
    expect(registered.rateLimit).toEqual({ maxConcurrent: 1, minTimeMs: 2000 });
  });
  it("refuses to read when robots.txt disallows the API path", async () => {
    const fake = await startGoogleTrendsFake({ robots: "User-agent: *\nDisallow: /trends/api/\n" });
    try {
      const { ctx } = fakeContext(googleTrendsConnector, fake, { credential: TRENDS_CREDENTIAL });
      const error = await collectRows(googleTrendsConnector.read(ctx, { accounts: [{ id: croissant, name: croissant, timezone: "UTC", currency: "USD" }], fields: ["interest"], range })).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: "config", message: expect.stringContaining("robots.txt does not allow") });
      expect(fake.server.requestsTo("/trends/api/explore")).toHaveLength(0);
    } finally {
      await fake.close();
    }
  });
  it("strips the )]}' prefix", () => {
    expect(stripXssi(")]}',\n{\"a\":1}")).toEqual({ a: 1 });
    expect(stripXssi(")]}'\n[1]")).toEqual([1]);
  });
});
