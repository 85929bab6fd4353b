import { expect } from "vitest";
import { PIANO_CREDENTIAL, PIANO_UNAUTHORIZED, pianoRows, startPianoFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { createPianoConnector } from "./connector.js";

const connector = createPianoConnector({ pageSize: 5 });
const DATA = "/v3/data/getData";
const day = "2025-03-01";
const site = "612345";

behaviourSuite({
  connector,
  start: startPianoFake,
  dataPath: DATA,
  read: { accounts: [site], fields: ["date", "site_id", "visits", "bounce_rate"], range: { start: day, end: day } },
  unauthorized: PIANO_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(["612345", "612346"].map((id) => ({ id, name: `Site ${id}`, timezone: "UTC", currency: "USD", status: "active" })));
  },
  singlePage(rows, fake) {
    const [r] = pianoRows(site, day, day, ["date", "m_visits", "m_bounce_rate"]);
    expect(rows).toEqual([{ date: day, site_id: site, visits: r.m_visits, bounce_rate: r.m_bounce_rate }]);
    const [request] = fake.server.requestsTo(DATA);
    expect(request.headers["x-api-key"]).toBe(`${PIANO_CREDENTIAL.key}_${PIANO_CREDENTIAL.secret}`);
    expect(request.json()).toEqual({ columns: ["date", "m_visits", "m_bounce_rate"], sort: ["date"], space: { s: [612345] }, period: { p1: [{ type: "D", start: day, end: day }] }, "max-results": 5, "page-num": 1 });
  },
  pagination: {
    // 2 days x 3 sources = 6 rows, 5 a page.
    read: { fields: ["date", "source", "page_loads"], range: { start: day, end: "2025-03-02" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toEqual(pianoRows(site, day, "2025-03-02", ["date", "src", "m_page_loads"]).map((r) => ({ date: r.date, source: r.src, page_loads: r.m_page_loads })));
      expect(fake.server.requestsTo(DATA).map((r) => r.json<Record<string, number>>()["page-num"])).toEqual([1, 2]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
});
