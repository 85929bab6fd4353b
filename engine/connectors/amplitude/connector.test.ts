import { describe, expect, it } from "vitest";
import { buildCredentialFromForm } from "../../catalogue/credential-form.js";
import { getPlatform } from "../../catalogue/index.js";
import { AMPLITUDE_KEY, AMPLITUDE_SECRET, AMPLITUDE_UNAUTHORIZED, amplitudeDay, COUNTRIES, startAmplitudeFake } from "./fake.js";
import { behaviourSuite } from "../../../tests/fakes/support/behaviours.js";
import { amplitudeConnector } from "./connector.js";

const day = "2025-03-01";
const DATA = /^\/api\/2\/(users|events\/segmentation)$/;
const all = (d: string, k: "active" | "new" | "events") => COUNTRIES.reduce((s, c) => s + amplitudeDay(c, d)[k], 0);

behaviourSuite({
  connector: amplitudeConnector,
  start: startAmplitudeFake,
  dataPath: DATA,
  read: { fields: ["date", "active_users"], range: { start: day, end: "2025-03-02" } },
  unauthorized: AMPLITUDE_UNAUTHORIZED,
  listAccounts(accounts) {
    expect(accounts).toEqual([{ id: "project", name: "Amplitude project", timezone: "UTC", currency: "USD", status: "active" }]);
  },
  singlePage(rows, fake) {
    expect(rows).toEqual([
      { date: day, active_users: all(day, "active") },
      { date: "2025-03-02", active_users: all("2025-03-02", "active") },
    ]);
    const [request] = fake.server.requestsTo(DATA);
    expect(Object.fromEntries(request.query)).toEqual({ m: "active", start: "20250301", end: "20250302", i: "1" });
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${AMPLITUDE_KEY}:${AMPLITUDE_SECRET}`).toString("base64")}`);
  },
  pagination: {
    // 40 days: two month-sized series requests.
    read: { fields: ["date", "active_users"], range: { start: day, end: "2025-04-09" } },
    pages: 2,
    check(rows) {
      expect(rows).toHaveLength(40);
      expect(rows[39]).toEqual({ date: "2025-04-09", active_users: all("2025-04-09", "active") });
    },
  },
  empty: { read: { range: { start: "2023-03-01", end: "2023-03-02" } } },
  more: {
    "groups by country with g=country": async ({ read, fake }) => {
      const rows = await read({ fields: ["country", "new_users"], options: { report: "new_users" } });
      expect(fake.server.requestsTo(DATA)[0].query.get("g")).toBe("country");
      expect(rows).toEqual(COUNTRIES.map((country) => ({ country, new_users: amplitudeDay(country, day).new + amplitudeDay(country, "2025-03-02").new })));
    },
    "reads event totals from the segmentation series": async ({ read, fake }) => {
      const rows = await read({ options: { report: "events" }, fields: ["country", "events"], range: { start: day, end: day } });
      expect(rows).toEqual(COUNTRIES.map((country) => ({ country, events: amplitudeDay(country, day).events })));
      expect(JSON.parse(fake.server.requestsTo(DATA)[0].query.get("e")!)).toEqual({ event_type: "_all" });
      expect(await read({ options: { report: "events" }, fields: ["events"], range: { start: day, end: day } })).toEqual([{ events: all(day, "events") }]);
    },
  },
});

describe("amplitude data residency", () => {
  it("reads EU projects on analytics.eu.amplitude.com, from the form's Data residency choice", () => {
    const form = (region: string) => buildCredentialFromForm(getPlatform("amplitude"), { consumerKey: AMPLITUDE_KEY, consumerSecret: AMPLITUDE_SECRET, region });
    expect(amplitudeConnector.baseUrlFor!(form("eu"))).toBe("https://analytics.eu.amplitude.com/api/2");
    expect(amplitudeConnector.baseUrlFor!(form("us"))).toBeUndefined();
  });
});
