import { describe, expect, it } from "vitest";
import { buildCredentialFromForm } from "../../catalogue/credential-form.js";
import { getPlatform } from "../../catalogue/index.js";
import { EVENTS, MIXPANEL_PROJECTS, MIXPANEL_SECRET, MIXPANEL_UNAUTHORIZED, MIXPANEL_USER, mixpanelDay, mixpanelHour, startMixpanelFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { mixpanelConnector } from "./connector.js";

const project = "2195193";
const day = "2025-03-01";
const DATA = "/api/query/events";
const total = (d: string, type = "general") => EVENTS.reduce((s, e) => s + mixpanelDay(project, e, d, type), 0);

behaviourSuite({
  connector: mixpanelConnector,
  start: startMixpanelFake,
  dataPath: DATA,
  read: { accounts: [project], fields: ["date", "events"], range: { start: day, end: day } },
  unauthorized: MIXPANEL_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual(Object.entries(MIXPANEL_PROJECTS).map(([id, p]) => ({ id, name: p.name, timezone: p.timezone, currency: "USD", status: "active" })));
  },
  singlePage(rows, fake) {
    expect(rows).toEqual([{ date: day, events: total(day) }]);
    const [request] = fake.server.requestsTo(DATA);
    expect(Object.fromEntries(request.query)).toEqual({ project_id: project, event: JSON.stringify(EVENTS), type: "general", unit: "day", from_date: day, to_date: day });
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${MIXPANEL_USER}:${MIXPANEL_SECRET}`).toString("base64")}`);
  },
  pagination: {
    read: { fields: ["date", "events"], range: { start: day, end: "2025-04-09" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(40);
      expect(rows[39]).toEqual({ date: "2025-04-09", events: total("2025-04-09") });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "reads hourly counts with unit=hour": async ({ read, fake }) => {
      const rows = await read({ fields: ["date", "hour", "event", "events"], granularity: "hour" });
      expect(fake.server.requestsTo(DATA)[0].query.get("unit")).toBe("hour");
      expect(rows).toHaveLength(24 * EVENTS.length);
      expect(rows).toContainEqual({ date: day, hour: 13, event: "Purchase", events: mixpanelHour(project, "Purchase", day, 13) });
    },
    "reads unique users per event with type=unique": async ({ read }) => {
      const rows = await read({ options: { report: "unique_users" }, fields: ["event", "unique_users"] });
      expect(rows).toEqual(EVENTS.map((event) => ({ event, unique_users: mixpanelDay(project, event, day, "unique") })));
    },
  },
});

describe("mixpanel data residency", () => {
  it("reads EU and India projects on their own hosts, from the form's Data residency choice", () => {
    const form = (region: string) => buildCredentialFromForm(getPlatform("mixpanel"), { consumerKey: MIXPANEL_USER, consumerSecret: MIXPANEL_SECRET, region });
    expect(mixpanelConnector.baseUrlFor!(form("eu"))).toBe("https://eu.mixpanel.com");
    expect(mixpanelConnector.baseUrlFor!(form("in"))).toBe("https://in.mixpanel.com");
    expect(mixpanelConnector.baseUrlFor!(form("us"))).toBeUndefined();
  });
});
