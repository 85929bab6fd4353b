import { expect } from "vitest";
import { MATOMO_BAD_TOKEN, MATOMO_TOKEN, matomoSummary, matomoTable, startMatomoFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { createMatomoConnector } from "./connector.js";

const connector = createMatomoConnector({ pageSize: 2 });
const day = "2025-03-01";
const isMethod = (method: string) => (r: { query: URLSearchParams }) => r.query.get("method") === method;

behaviourSuite({
  connector,
  start: startMatomoFake,
  dataPath: "/index.php",
  isDataRequest: (r) => /^(VisitsSummary|Referrers|UserCountry|DevicesDetection)\./.test(r.query.get("method") ?? ""),
  read: { accounts: ["1"], fields: ["date", "visits", "bounces", "bounce_rate"], range: { start: day, end: day } },
  unauthorized: { status: 401, body: "Unauthorized" },
  listAccounts(accounts) {
    expect(accounts).toEqual([
      { id: "1", name: "Acme shop", timezone: "Europe/Paris", currency: "EUR", status: "active" },
      { id: "2", name: "Acme blog", timezone: "UTC+2", currency: "USD", status: "active" },
    ]);
  },
  singlePage(rows, fake) {
    const s = matomoSummary("1", day) as unknown as { nb_visits: number; bounce_count: number };
    expect(rows).toEqual([{ date: day, visits: s.nb_visits, bounces: s.bounce_count, bounce_rate: Math.round((s.bounce_count / s.nb_visits) * 1e4) / 1e4 }]);
    const [request] = fake.server.requestsTo("/index.php").filter(isMethod("VisitsSummary.get"));
    expect(Object.fromEntries(request.query)).toEqual({ module: "API", method: "VisitsSummary.get", format: "JSON", idSite: "1", period: "day", date: `${day},${day}` });
    expect(request.form().get("token_auth")).toBe(MATOMO_TOKEN);
  },
  pagination: {
    // 4 channels a day, 2 a page: offsets 0, 2, 4 (the last one empty).
    read: { options: { report: "channels" }, fields: ["channel", "visits"], range: { start: day, end: "2025-03-02" } },
    pages: 3,
    check(rows, fake) {
      const want = new Map<string, number>();
      for (const d of [day, "2025-03-02"]) for (const r of matomoTable("1", d, "Referrers.getReferrerType")) want.set(r.label, (want.get(r.label) ?? 0) + r.nb_visits);
      expect(rows).toEqual([...want].map(([channel, visits]) => ({ channel, visits })));
      expect(fake.server.requestsTo("/index.php").filter(isMethod("Referrers.getReferrerType")).map((r) => r.query.get("filter_offset"))).toEqual(["0", "2", "4"]);
    },
  },
  empty: { read: { range: { start: "2024-03-01", end: "2024-03-02" } } },
  more: {
    "maps Matomo's HTTP 200 token error to a config error": async ({ read, fake }) => {
      await expect(read({}, undefined, () => fake.server.once("POST", "/index.php", MATOMO_BAD_TOKEN))).rejects.toMatchObject({ kind: "config", message: expect.stringMatching(/Unable to authenticate.*reconnect/) });
    },
    "reads countries with their averages": async ({ read }) => {
      const rows = await read({ options: { report: "countries" }, fields: ["date", "country", "visits", "avg_time_on_site"] });
      expect(rows).toEqual(matomoTable("1", day, "UserCountry.getCountry").map((r) => ({ date: day, country: r.label, visits: r.nb_visits, avg_time_on_site: 120 })));
    },
  },
});
