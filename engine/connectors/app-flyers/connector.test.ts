import { expect } from "vitest";
import { APPSFLYER_APPS, APPSFLYER_LIMIT, APPSFLYER_TOKEN, APPSFLYER_UNAUTHORIZED, appsflyerFacts, startAppsFlyerFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { appFlyersConnector } from "./connector.js";

const app = APPSFLYER_APPS[0].id;
const day = "2025-03-01";
const DATA = /^\/api\/agg-data\/export\/app\//;
const total = (facts: ReturnType<typeof appsflyerFacts>, k: "installs" | "cost" | "clicks") => Math.round(facts.reduce((s, f) => s + f[k], 0) * 100) / 100;

behaviourSuite({
  connector: appFlyersConnector,
  start: startAppsFlyerFake,
  dataPath: DATA,
  read: { accounts: [app], fields: ["date", "installs", "cost", "ecpi"], range: { start: day, end: day } },
  unauthorized: APPSFLYER_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(APPSFLYER_APPS.map((a) => ({ id: a.id, name: a.name, timezone: a.time_zone, currency: a.currency, status: "active" })));
  },
  singlePage(rows, fake) {
    const facts = appsflyerFacts(app, day);
    const installs = total(facts, "installs");
    const cost = total(facts, "cost");
    expect(rows).toEqual([{ date: day, installs, cost, ecpi: Math.round((cost / installs) * 100) / 100 }]);
    const [request] = fake.server.requestsTo(DATA);
    expect(request.path).toBe(`/api/agg-data/export/app/${app}/partners_by_date_report/v5`);
    expect(Object.fromEntries(request.query)).toEqual({ from: day, to: day, timezone: "Europe/Paris" });
    expect(request.headers.authorization).toBe(`Bearer ${APPSFLYER_TOKEN}`);
  },
  pagination: {
    // 100 days: two quarter-sized calls.
    read: { fields: ["date", "installs"], range: { start: day, end: "2025-06-08" } },
    pages: 2,
    check(rows, fake) {
      expect(rows).toHaveLength(100);
      expect(rows[99]).toEqual({ date: "2025-06-08", installs: total(appsflyerFacts(app, "2025-06-08"), "installs") });
      expect(fake.server.requestsTo(DATA).map((r) => r.query.get("to"))).toEqual(["2025-05-29", "2025-06-08"]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads the geo report by country and media source": async ({ read }) => {
      const rows = await read({ options: { report: "geo_by_date" }, fields: ["country", "media_source", "clicks"] });
      const facts = appsflyerFacts(app, day);
      expect(rows).toHaveLength(6);
      expect(rows).toContainEqual({ country: "US", media_source: "googleadwords_int", clicks: total(facts.filter((f) => f.country === "US" && f.pid === "googleadwords_int"), "clicks") });
    },
    "follows links.next through the app list": async ({ fake, ctx }) => {
      fake.pageSize = 1;
      expect((await appFlyersConnector.listAccounts(ctx())).map((a) => a.id)).toEqual(APPSFLYER_APPS.map((a) => a.id));
      expect(fake.server.requestsTo("/api/mng/apps").map((r) => r.query.get("offset"))).toEqual([null, "1"]);
    },
    "turns the daily quota answer into a transient error retried after midnight UTC": async ({ fake, read }) => {
      const error = await read({}, undefined, () => fake.server.once("GET", DATA, APPSFLYER_LIMIT)).then(() => undefined, (e: unknown) => e);
      expect(error).toMatchObject({ kind: "transient", platform: "app-flyers", status: 403 });
      expect((error as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(0);
      expect((error as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(86_400_000);
    },
  },
});
