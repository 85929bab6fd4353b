import { expect } from "vitest";
import { APPS, PIWIK_REFUSED, PIWIK_UNAUTHORIZED, piwikRows, startPiwikFake } from "./fake.js";
import { sessionCases, type SessionFake } from "../../../tests/fakes/support/ads-session.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { createPiwikConnector } from "./connector.js";

const connector = createPiwikConnector({ pageSize: 5 });
const [fr] = APPS;
const QUERY = "/api/analytics/v1/query";
const day = "2025-03-01";
const cases = sessionCases<SessionFake>("/auth/token", PIWIK_REFUSED);

behaviourSuite({
  connector,
  start: startPiwikFake,
  dataPath: QUERY,
  read: { accounts: [fr.id], fields: ["date", "sessions", "bounce_rate"], range: { start: day, end: day } },
  unauthorized: PIWIK_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(APPS.map((a) => ({ id: a.id, name: a.name, timezone: a.timezone, currency: a.currency, status: "active" })));
  },
  singlePage(rows, fake) {
    const [[date, sessions, bounceRate]] = piwikRows(fr.id, day, day, [{ column_id: "timestamp", transformation_id: "to_date" }, { column_id: "sessions" }, { column_id: "bounce_rate" }]);
    expect(rows).toEqual([{ date, sessions, bounce_rate: bounceRate }]);
    const [request] = fake.server.requestsTo(QUERY);
    expect(request.json()).toMatchObject({ website_id: fr.id, date_from: day, date_to: day, timezone: "Europe/Paris", columns: [{ column_id: "timestamp", transformation_id: "to_date" }, { column_id: "sessions" }, { column_id: "bounce_rate" }], offset: 0, limit: 5 });
    expect(request.headers.authorization).toBe("Bearer piwik-session-1");
  },
  pagination: {
    // 2 days x 3 sources x 2 devices = 12 rows, 5 a page.
    read: { fields: ["date", "source_medium", "device_type", "page_views"], range: { start: day, end: "2025-03-02" } },
    pages: 3,
    check(rows, fake) {
      expect(rows).toHaveLength(12);
      expect(fake.server.requestsTo(QUERY).map((r) => r.json<{ offset: number }>().offset)).toEqual([0, 5, 10]);
      const cols = [{ column_id: "timestamp", transformation_id: "to_date" }, { column_id: "source_medium" }, { column_id: "device_type" }, { column_id: "page_views" }];
      expect(rows).toEqual(piwikRows(fr.id, day, "2025-03-02", cols).map(([date, source_medium, device_type, page_views]) => ({ date, source_medium, device_type, page_views })));
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "mints a new token when the current one expired (the platform's token refresh)": cases.refresh,
    "maps a refused client id/secret to a config error": cases.refused,
  },
});
