import { expect } from "vitest";
import { PSI_BAD_KEY, PSI_CREDENTIAL, PSI_KEY, psiRun, startPageSpeedFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { googlePageSpeedConnector } from "./connector.js";

const RUN = "/pagespeedonline/v5/runPagespeed";
const [home, pricing] = PSI_CREDENTIAL.options.urls;
const range = { start: "2025-03-02", end: "2025-03-02" };

behaviourSuite({
  connector: googlePageSpeedConnector,
  start: startPageSpeedFake,
  dataPath: RUN,
  read: { accounts: [home], fields: ["date", "url", "strategy", "performance_score", "largest_contentful_paint_ms"], range, options: { report: "mobile" } },
  unauthorized: { status: 401, json: { error: { code: 401, message: "Request is missing required authentication credential.", status: "UNAUTHENTICATED" } } },
  listAccounts(accounts) {
    expect(accounts).toEqual(PSI_CREDENTIAL.options.urls.map((url) => ({ id: url, name: url, timezone: "UTC", currency: "USD", status: "active" })));
  },
  singlePage(rows, fake) {
    const x = psiRun(home, "mobile");
    expect(rows).toEqual([{ date: "2025-03-02", url: home, strategy: "mobile", performance_score: Math.round(x.score * 100), largest_contentful_paint_ms: x.lcp }]);
    expect(Object.fromEntries(fake.server.requestsTo(RUN)[0].query)).toEqual({ url: home, strategy: "mobile", category: "performance", key: PSI_KEY });
  },
  pagination: {
    // Two URLs x two strategies.
    read: { accounts: [home, pricing], fields: ["url", "strategy", "cumulative_layout_shift"], options: { report: "both" } },
    pages: 4,
    check(rows) {
      expect(rows).toEqual([home, pricing].flatMap((url) => ["mobile", "desktop"].map((strategy) => ({ url, strategy, cumulative_layout_shift: psiRun(url, strategy).cls }))));
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "runs mobile and desktop with the product's key when the form holds the fixed key 1": async ({ read, fake }) => {
      const rows = await read({ options: { report: "both" } });
      expect(rows).toEqual(["mobile", "desktop"].map((strategy) => {
        const x = psiRun(home, strategy);
        return { date: "2025-03-02", url: home, strategy, performance_score: Math.round(x.score * 100), largest_contentful_paint_ms: x.lcp };
      }));
      expect(fake.server.requestsTo(RUN).map((r) => Object.fromEntries(r.query))).toEqual(["mobile", "desktop"].map((strategy) => ({ url: home, strategy, category: "performance", key: PSI_KEY })));
    },
    "maps API_KEY_INVALID to a config error": async ({ read, fake }) => {
      await expect(read({}, undefined, () => fake.server.once("GET", RUN, PSI_BAD_KEY))).rejects.toMatchObject({ kind: "config" });
    },
  },
});
