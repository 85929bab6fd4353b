import { expect } from "vitest";
import { jwsProblem, LINE_ACCESS_KEY, LINE_ACCOUNTS, LINE_UNAUTHORIZED, startLineAdsFake } from "./fake.js";
import { accountMetrics, campaignMetrics, fakeCampaigns } from "../../../tests/fakes/support/ads-family.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { lineAdsConnector } from "./connector.js";

const account = LINE_ACCOUNTS[0].id;
const day = "2025-03-01";
const DATA = /^\/api\/v3\/adaccounts\/[^/]+\/reports\/online\//;

behaviourSuite({
  connector: lineAdsConnector,
  start: startLineAdsFake,
  dataPath: DATA,
  read: { accounts: [account], fields: ["date", "impressions", "clicks", "cost", "conversions"], range: { start: day, end: day } },
  unauthorized: LINE_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(LINE_ACCOUNTS.map((a) => ({ id: a.id, name: a.name, timezone: a.timeZone, currency: a.currency, status: "active" })));
  },
  singlePage(rows, fake) {
    const m = accountMetrics(account, day);
    expect(rows).toEqual([{ date: day, impressions: m.impressions, clicks: m.clicks, cost: m.cost, conversions: m.conversions }]);
    const [request] = fake.server.requestsTo(DATA);
    expect(request.path).toBe(`/api/v3/adaccounts/${account}/reports/online/adaccount`);
    expect(Object.fromEntries(request.query)).toEqual({ since: day, until: day, page: "1", size: "100" });
    // The fake verified the JWS; check its parts here too.
    expect(jwsProblem(request)).toBeUndefined();
    const [header, payload] = String(request.headers.authorization).slice("Bearer ".length).split(".");
    expect(JSON.parse(Buffer.from(header, "base64url").toString())).toEqual({ alg: "HS256", kid: LINE_ACCESS_KEY, typ: "text/plain" });
    expect(Buffer.from(payload, "base64url").toString().split("\n")[3]).toBe(request.path);
  },
  pagination: {
    // Three campaigns at two a page.
    read: { options: { report: "campaign" }, fields: ["campaign_name", "campaign_status", "clicks"] },
    pages: 2,
    check(rows) {
      expect(rows).toEqual(fakeCampaigns(account).map((c) => ({ campaign_name: c.name, campaign_status: c.status, clicks: campaignMetrics(c.id, day).clicks })));
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads one day per request and sums a range": async ({ read, fake }) => {
      const rows = await read({ fields: ["impressions"], range: { start: day, end: "2025-03-03" } });
      expect(fake.server.requestsTo(DATA).map((r) => r.query.get("since"))).toEqual([day, "2025-03-02", "2025-03-03"]);
      expect(rows).toEqual([{ impressions: [day, "2025-03-02", "2025-03-03"].reduce((s, d) => s + accountMetrics(account, d).impressions, 0) }]);
    },
    "is refused when signed with another secret key": async ({ fake, ctx }) => {
      const error = await lineAdsConnector.listAccounts(ctx({ ...fake.credential, secret: "not-the-secret" } as typeof fake.credential)).then(() => undefined, (e: unknown) => e);
      expect(error).toMatchObject({ kind: "config", status: 401 });
    },
    "asks to reconnect when the group id is missing": async ({ fake, ctx }) => {
      const error = await lineAdsConnector.listAccounts(ctx({ ...fake.credential, options: {} } as typeof fake.credential)).then(() => undefined, (e: unknown) => e);
      expect(error).toMatchObject({ kind: "config", platform: "line-ads" });
    },
  },
});
