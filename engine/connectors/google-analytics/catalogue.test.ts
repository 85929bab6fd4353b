// GA4's fields per property from the Data API's metadata (custom definitions included), its
// checkCompatibility answer enforced before runReport, missing metrics read as null, days in the
// property's time zone, and every field of a property requested against the fake.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fakeContext } from "../../../tests/fakes/support/connector-context.js";
import { IncompatibleFieldsError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import type { Account, Credential, ReadRequest, Row } from "../../core/types.js";
import { executeQuery } from "../../query/execute.js";
import { createGa4Connector } from "./connector.js";
import { ACCESS_TOKEN, ACCOUNTS, CLIENT, REFRESH_TOKEN, startGa4Fake, type Ga4Fake } from "./fake.js";
import { MAX_DIMENSIONS, MAX_METRICS } from "./fields.js";

const connector = createGa4Connector();
let fake: Ga4Fake;
beforeAll(async () => {
  fake = await startGa4Fake();
});
afterAll(() => fake.close());
afterEach(() => fake.server.reset());

const fresh: Credential = { type: "oauth2", accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN, expiresAt: "2099-01-01T00:00:00Z" };
const context = () => fakeContext(connector, fake, { credential: fresh, app: CLIENT }).ctx;
const fr: Account = { id: "300001", name: "acme.fr", timezone: "Europe/Paris", currency: "EUR" };
const RUN = "/v1beta/properties/300001:runReport";
const read = (req: Partial<ReadRequest> & { fields: string[] }) => collectRows(connector.read(context(), { accounts: [fr], range: { start: "2025-03-01", end: "2025-03-01" }, ...req }));
const total = (rows: Row[], id: string) => Math.round(rows.reduce((s, r) => s + Number(r[id] ?? 0), 0) * 100) / 100;

describe("google-analytics fields from the Data API's metadata", () => {
  it("lists a property's own fields, custom dimensions and metrics included, with the API's categories", async () => {
    const fields = await connector.listFields(context(), { account: fr.id });
    expect(fields.find((f) => f.id === "custom_event:plan")).toMatchObject({ type: "dimension", name: "Plan", category: "Custom dimensions" });
    expect(fields.find((f) => f.id === "custom_event:discount")).toMatchObject({ type: "metric", fieldType: "CURRENCY", category: "Custom metrics" });
    expect(fields.find((f) => f.id === "total_users")).toMatchObject({ aggregation: "AUTO", category: "User" });
    expect(fields.find((f) => f.id === "engagement_rate")).toMatchObject({ fieldType: "PERCENT", aggregation: "AVG" });
    expect(fake.server.requestsTo("/v1beta/properties/300001/metadata")).toHaveLength(1);
    // Another property has no such custom dimension; property 0 stands for "every property".
    expect((await connector.listFields(context(), { account: "300002" })).some((f) => f.id === "custom_event:plan")).toBe(false);
    expect((await connector.listFields(context(), {})).some((f) => f.id === "item_name")).toBe(true);
    expect(fake.server.requestsTo("/v1beta/properties/0/metadata")).toHaveLength(1);
    // Without a credential: the common fields we know offline.
    expect((await connector.listFields(undefined, {})).some((f) => f.id === "sessions")).toBe(true);
  });

  it("reads a custom dimension and metric, split rows adding up to the unsplit total", async () => {
    const plain = await read({ fields: ["date", "sessions", "custom_event:discount"] });
    const byPlan = await read({ fields: ["date", "custom_event:plan", "sessions", "custom_event:discount"] });
    expect(byPlan.length).toBeGreaterThan(1);
    expect(total(byPlan, "sessions")).toBe(total(plain, "sessions"));
    expect(total(byPlan, "custom_event:discount")).toBe(total(plain, "custom_event:discount"));
    expect(fake.server.requestsTo(RUN).at(-1)!.json<{ dimensions: unknown[] }>().dimensions).toEqual([{ name: "date" }, { name: "customEvent:plan" }]);
  });

  it("greys out what checkCompatibility says does not combine, and refuses it before runReport", async () => {
    const greyed = await connector.incompatibleFields!(context(), { account: fr.id, selected: ["item_name"] });
    expect(greyed.find((i) => i.fieldId === "sessions")?.reason).toBe("Google Analytics cannot combine it with Item name (checkCompatibility)");
    expect(greyed.some((i) => i.fieldId === "items_viewed")).toBe(false);
    const [check] = fake.server.requestsTo("/v1beta/properties/300001:checkCompatibility");
    expect(check.json()).toEqual({ dimensions: [{ name: "itemName" }], metrics: [], compatibilityFilter: "INCOMPATIBLE" });
    const error = await read({ fields: ["item_name", "sessions"] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IncompatibleFieldsError);
    expect((error as Error).message).toContain('"sessions"');
    expect(fake.server.requestsTo(RUN)).toHaveLength(0);
  });

  it("reads a metric missing from the answer as null, never 0", async () => {
    fake.server.once("POST", RUN, {
      json: {
        dimensionHeaders: [{ name: "date" }],
        metricHeaders: [{ name: "sessions", type: "TYPE_INTEGER" }],
        rows: [{ dimensionValues: [{ value: "20250301" }], metricValues: [{ value: "12" }] }, { dimensionValues: [{ value: "20250302" }], metricValues: [] }],
        rowCount: 2,
      },
    });
    const rows = await read({ fields: ["date", "sessions", "key_events"], range: { start: "2025-03-01", end: "2025-03-02" } });
    expect(rows).toEqual([
      { date: "2025-03-01", sessions: 12, key_events: null },
      { date: "2025-03-02", sessions: null, key_events: null },
    ]);
  });

  it("asks for the days of the property's own time zone", async () => {
    // 01:30 UTC on 2 March: already the 2nd in Tokyo, still the 1st in New York.
    const properties = ACCOUNTS.flatMap((a) => a.properties);
    const accountOf = (id: string) => {
      const p = properties.find((x) => x.id === id)!;
      return { id, name: p.displayName, timezone: p.timeZone, currency: p.currencyCode };
    };
    const result = await executeQuery(
      { getConnector: () => connector },
      { platform: "google-analytics", accounts: [accountOf("300003"), accountOf("300002")], metrics: ["sessions"], dimensions: ["date"], date: { preset: "YESTERDAY" } },
      () => context(),
      { now: new Date("2025-03-02T01:30:00Z") },
    );
    for await (const _row of result.rows) void _row;
    const asked = (id: string) => fake.server.requestsTo(`/v1beta/properties/${id}:runReport`)[0].json<{ dateRanges: unknown }>().dateRanges;
    expect(asked("300003")).toEqual([{ startDate: "2025-03-01", endDate: "2025-03-01" }]);
    expect(asked("300002")).toEqual([{ startDate: "2025-02-28", endDate: "2025-02-28" }]);
  });

  it("requests every field of a property against the fake, in groups GA4 accepts", async () => {
    const ctx = context();
    const fields = await connector.listFields(ctx, { account: fr.id });
    const rest = [...fields];
    const read = new Set<string>();
    while (rest.length > 0) {
      const group: typeof fields = [];
      for (const f of [...rest]) {
        const dims = group.filter((g) => g.type === "dimension").length;
        const metrics = group.length - dims;
        if (f.type === "dimension" ? dims >= MAX_DIMENSIONS - 1 : metrics >= MAX_METRICS) continue;
        const candidate = [...group, f].map((g) => g.id);
        const greyed = await connector.incompatibleFields!(ctx, { account: fr.id, selected: candidate });
        if (greyed.some((i) => candidate.includes(i.fieldId))) continue;
        group.push(f);
        rest.splice(rest.indexOf(f), 1);
      }
      expect(group.length, `none of ${rest.map((f) => f.id).join(", ")} can be read`).toBeGreaterThan(0);
      // Dimensions alone are asked with a metric they go with (GA4 answers rows of activity).
      const ids = group.some((g) => g.type === "metric") ? group.map((g) => g.id) : [...group.map((g) => g.id), "event_count"];
      const rows = await collectRows(connector.read(ctx, { accounts: [fr], fields: ids, range: { start: "2025-03-01", end: "2025-03-01" } }));
      expect(rows.length, ids.join(", ")).toBeGreaterThan(0);
      for (const g of group) {
        expect(rows.every((r) => g.id in r), g.id).toBe(true);
        read.add(g.id);
      }
    }
    expect(fields.filter((f) => !read.has(f.id))).toEqual([]);
  });
});
