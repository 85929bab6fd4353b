import { expect } from "vitest";
import { BRANCH_APP, BRANCH_KEY, BRANCH_SECRET, BRANCH_UNAUTHORIZED, branchError, branchFacts, startBranchFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { branchConnector } from "./connector.js";

const day = "2025-03-01";
const DATA = "/v1/query/analytics";
const installs = (d: string, keep: (f: ReturnType<typeof branchFacts>[number]) => boolean = () => true) => branchFacts(d).filter(keep).reduce((s, f) => s + f.eo_install, 0);

behaviourSuite({
  connector: branchConnector,
  start: startBranchFake,
  dataPath: DATA,
  read: { fields: ["date", "installs"], range: { start: day, end: day } },
  unauthorized: BRANCH_UNAUTHORIZED,
  listAccounts(accounts, fake) {
    expect(accounts).toEqual([{ id: BRANCH_APP.app_id, name: BRANCH_APP.app_name, timezone: "UTC", currency: "USD", status: "active" }]);
    expect(fake.server.requestsTo(`/v1/app/${BRANCH_KEY}`)[0].query.get("branch_secret")).toBe(BRANCH_SECRET);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual([{ date: day, installs: installs(day) }]);
    const [request] = fake.server.requestsTo(DATA);
    expect(request.json()).toEqual({
      branch_key: BRANCH_KEY,
      branch_secret: BRANCH_SECRET,
      start_date: day,
      end_date: "2025-03-02",
      data_source: "eo_install",
      aggregation: "total_count",
      dimensions: [],
      granularity: "day",
      zero_fill: false,
    });
    expect(request.headers.authorization).toBeUndefined();
  },
  pagination: {
    // 6 channel x OS groups a day, 4 results a page: two pages through paging.next_url.
    read: { fields: ["date", "channel", "os", "installs"] },
    pages: 2,
    check(rows, fake) {
      expect(rows).toHaveLength(6);
      expect(rows).toContainEqual({ date: day, channel: "Meta", os: "IOS", installs: installs(day, (f) => f.channel === "Meta" && f.os === "IOS") });
      expect(fake.server.requestsTo(DATA).map((r) => r.query.get("offset"))).toEqual([null, "4"]);
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "queries a long range a week at a time": async ({ read, fake }) => {
      const rows = await read({ fields: ["installs"], range: { start: day, end: "2025-03-10" } });
      // The first week's 7 daily results take two pages of 4.
      expect(fake.server.requestsTo(DATA).filter((r) => !r.query.has("offset")).map((r) => [r.json<{ start_date: string }>().start_date, r.json<{ end_date: string }>().end_date])).toEqual([
        ["2025-03-01", "2025-03-08"],
        ["2025-03-08", "2025-03-11"],
      ]);
      let sum = 0;
      for (let d = 1; d <= 10; d++) sum += installs(`2025-03-${String(d).padStart(2, "0")}`);
      expect(rows).toEqual([{ installs: sum }]);
    },
    "reads link clicks from eo_click": async ({ read, fake }) => {
      const rows = await read({ options: { report: "clicks" }, fields: ["clicks"] });
      expect(rows).toEqual([{ clicks: branchFacts(day).reduce((s, f) => s + f.eo_click, 0) }]);
      expect(fake.server.requestsTo(DATA)[0].json<{ data_source: string }>().data_source).toBe("eo_click");
    },
    "treats the org query limit as transient": async ({ read, fake }) => {
      const limited = branchError(429, "Limit is exceeded for org 1234");
      const error = await read({}, undefined, () => {
        for (let i = 0; i < 3; i++) fake.server.once("POST", DATA, limited);
      }).then(() => undefined, (e: unknown) => e);
      expect(error).toMatchObject({ kind: "transient", platform: "branch" });
    },
  },
});
