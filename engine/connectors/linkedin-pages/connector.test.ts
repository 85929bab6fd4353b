import { expect } from "vitest";
import { LI_RATE_LIMITED, LI_UNAUTHORIZED, ORGANIZATIONS, stat, startLinkedInPagesFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { linkedInPagesConnector } from "./connector.js";

const day = "2025-03-01";
const [org] = ORGANIZATIONS;

behaviourSuite({
  connector: linkedInPagesConnector,
  start: startLinkedInPagesFake,
  dataPath: "/rest/organizationalEntityShareStatistics",
  read: { accounts: [org.id], fields: ["date", "organization_name", "impressions", "clicks", "engagement_rate"], range: { start: day, end: day }, options: { report: "shares" } },
  unauthorized: LI_UNAUTHORIZED,
  rateLimited: LI_RATE_LIMITED,
  tokenRefresh: true,
  listAccounts(accounts) {
    expect(accounts).toEqual(ORGANIZATIONS.map((o) => ({ id: o.id, name: o.localizedName, timezone: "UTC", currency: "USD", status: "active" })));
  },
  singlePage(rows, fake) {
    const s = (n: string, scale: number) => stat(org.id, n, day, scale);
    const engaged = s("clicks", 200) + s("likes", 100) + s("comments", 20) + s("shares", 10);
    expect(rows).toEqual([{ date: day, organization_name: "Signal Post", impressions: s("impressions", 5000), clicks: s("clicks", 200), engagement_rate: Math.round((engaged / s("impressions", 5000)) * 1e6) / 1e6 }]);
    const [call] = fake.server.requestsTo("/rest/organizationalEntityShareStatistics");
    expect(call.query.get("q")).toBe("organizationalEntity");
    expect(call.query.get("organizationalEntity")).toBe(`urn:li:organization:${org.id}`);
    expect(call.query.get("timeIntervals")).toBe(`(timeRange:(start:${Date.parse("2025-03-01T00:00:00Z")},end:${Date.parse("2025-03-02T00:00:00Z")}),timeGranularityType:DAY)`);
    expect(call.headers["linkedin-version"]).toMatch(/^\d{6}$/);
  },
  pagination: {
    // 100 days: two statistics windows of at most 90 days.
    read: { fields: ["date", "impressions"], range: { start: "2025-01-01", end: "2025-04-10" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(100);
      expect(rows[99]).toEqual({ date: "2025-04-10", impressions: stat(org.id, "impressions", "2025-04-10", 5000) });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "lists administered organizations across start/count pages": async ({ fake, ctx }) => {
      fake.options.pageSize = 2;
      expect((await linkedInPagesConnector.listAccounts(ctx())).map((a) => a.id)).toEqual(ORGANIZATIONS.map((o) => o.id));
      const calls = fake.server.requestsTo("/rest/organizationAcls");
      expect(calls.map((c) => c.query.get("start"))).toEqual(["0", "2"]);
      expect(calls[0].query.get("role")).toBe("ADMINISTRATOR");
    },
    "reads follower gains, organic plus paid": async ({ read }) => {
      const rows = await read({ options: { report: "followers" }, fields: ["organic_follower_gain", "follower_gain"], range: { start: day, end: "2025-03-02" } });
      const organic = stat(org.id, "organic", day, 40) + stat(org.id, "organic", "2025-03-02", 40);
      const paid = stat(org.id, "paid", day, 5) + stat(org.id, "paid", "2025-03-02", 5);
      expect(rows).toEqual([{ organic_follower_gain: organic, follower_gain: organic + paid }]);
    },
    "reads page views by device": async ({ read, fake }) => {
      const rows = await read({ options: { report: "page_views" }, fields: ["date", "page_views", "mobile_page_views"] });
      expect(rows).toEqual([{ date: day, page_views: stat(org.id, "all", day), mobile_page_views: stat(org.id, "mobile", day) }]);
      expect(fake.server.requestsTo("/rest/organizationPageStatistics")[0].query.get("organization")).toBe(`urn:li:organization:${org.id}`);
    },
    "maps a 403 to a config error naming the page admin role": async ({ read, fake }) => {
      fake.server.once("GET", "/rest/organizationalEntityShareStatistics", { status: 403, json: { status: 403, serviceErrorCode: 100, code: "ACCESS_DENIED", message: "Not enough permissions to access: organizationalEntityShareStatistics.FINDER-organizationalEntity" } });
      await expect(read()).rejects.toMatchObject({ kind: "config", message: expect.stringContaining("r_organization_admin") });
    },
  },
});
