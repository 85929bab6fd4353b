import { expect } from "vitest";
import { ADOBE_CREDENTIAL, ADOBE_REFUSED, ADOBE_UNAUTHORIZED, adobeRows, COMPANY, startAdobeFake, SUITES } from "./fake.js";
import { sessionCases, type SessionFake } from "../../../tests/fakes/support/ads-session.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { createAdobeConnector } from "./connector.js";

const connector = createAdobeConnector({ pageSize: 3 });
const REPORTS = `/api/${COMPANY.globalCompanyId}/reports`;
const prod = `${COMPANY.globalCompanyId}/acmeprod`;
const day = "2025-03-01";
const cases = sessionCases<SessionFake>("/ims/token/v3", ADOBE_REFUSED);

behaviourSuite({
  connector,
  start: startAdobeFake,
  dataPath: REPORTS,
  read: { accounts: [prod], fields: ["date", "report_suite", "visits", "revenue"], range: { start: day, end: day } },
  unauthorized: ADOBE_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(SUITES.map((s) => ({ id: `${COMPANY.globalCompanyId}/${s.rsid}`, name: `${s.name} (Acme Corp)`, timezone: s.timezoneZoneinfo, currency: s.currency, status: "active" })));
  },
  singlePage(rows, fake) {
    const [r] = adobeRows("acmeprod", day, day, "variables/daterangeday", ["metrics/visits", "metrics/revenue"]);
    expect(rows).toEqual([{ date: day, report_suite: "acmeprod", visits: r.data[0], revenue: r.data[1] }]);
    const [request] = fake.server.requestsTo(REPORTS);
    expect([request.headers["x-api-key"], request.headers["x-proxy-global-company-id"], request.headers.authorization]).toEqual([ADOBE_CREDENTIAL.key, COMPANY.globalCompanyId, "Bearer adobe-session-1"]);
    expect(request.json()).toMatchObject({ rsid: "acmeprod", globalFilters: [{ type: "dateRange", dateRange: "2025-03-01T00:00:00.000/2025-03-02T00:00:00.000" }], dimension: "variables/daterangeday", settings: { limit: 3, page: 0 } });
  },
  pagination: {
    // 5 days, 3 a page.
    read: { fields: ["date", "page_views"], range: { start: day, end: "2025-03-05" } },
    pages: 2,
    check(rows, fake) {
      expect(rows.map((r) => r.date)).toEqual(["2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04", "2025-03-05"]);
      expect(rows[4].page_views).toBe(adobeRows("acmeprod", "2025-03-05", "2025-03-05", "variables/daterangeday", ["metrics/pageviews"])[0].data[0]);
      expect(fake.server.requestsTo(REPORTS).map((r) => r.json<{ settings: { page: number } }>().settings.page)).toEqual([0, 1]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads marketing channels one day at a time": async ({ read }) => {
      const rows = await read({ options: { report: "channels" }, fields: ["date", "channel", "visits"] });
      expect(rows).toEqual(adobeRows("acmeprod", day, day, "variables/lasttouchchannel", ["metrics/visits"]).map((r) => ({ date: day, channel: r.value, visits: r.data[0] })));
    },
    "mints a new IMS token when the current one expired": cases.refresh,
    "maps a refused client secret to a config error": cases.refused,
  },
});
