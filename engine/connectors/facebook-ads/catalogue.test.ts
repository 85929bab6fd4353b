// The generated Meta Ads catalogue end to end against the fake: Insights fields, breakdowns that
// add up to the unbroken totals, action columns in the chosen attribution window, action
// breakdowns, Meta's combination rules refused before a request, and Graph's errors as they mean.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { failureOf } from "../../../tests/fakes/support/failure.js";
import { createConnectorContext } from "../../core/context.js";
import { IncompatibleFieldsError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import { executeQuery } from "../../query/execute.js";
import type { Account, ReadRequest, Row } from "../../core/types.js";
import { createFacebookAdsConnector } from "./connector.js";
import { FB_ACCOUNTS, FB_APP, FB_TOKEN, startFacebookFake, type FacebookFake } from "./fake.js";
import { PLATFORM_COUNTS } from "./fields.generated.js";

const connector = createFacebookAdsConnector({ poll: { initialDelayMs: 5, maxDelayMs: 10 } });
let fake: FacebookFake;
const ctx = () => createConnectorContext(connector, { credential: { type: "oauth2", accessToken: FB_TOKEN }, app: FB_APP, baseUrl: fake.baseUrl, retry: { retries: 3, minTimeoutMs: 1, maxTimeoutMs: 5 } });
const account: Account = { id: "1001", name: FB_ACCOUNTS[0].name, timezone: FB_ACCOUNTS[0].timezone_name, currency: FB_ACCOUNTS[0].currency };
const read = (req: Partial<ReadRequest> & { fields: string[] }) => collectRows(connector.read(ctx(), { accounts: [account], range: { start: "2025-03-01", end: "2025-03-02" }, options: { report: "campaigns" }, ...req }));
const total = (rows: Row[], id: string) => Math.round(rows.reduce((s, r) => s + Number(r[id] ?? 0), 0) * 100) / 100;
const insightCalls = () => fake.server.requestsTo(/\/act_1001\/insights$/);

beforeAll(async () => {
  fake = await startFacebookFake();
});
afterAll(() => fake.close());
beforeEach(() => fake.server.reset());

describe("facebook-ads generated catalogue", () => {
  it("offers every Insights field, breakdown and action breakdown of the SDK, at least 180 fields and 80 breakdowns", async () => {
    const fields = await connector.listFields(undefined, { report: "ads" });
    const breakdowns = fields.filter((f) => f.category?.startsWith("Breakdowns:"));
    expect(breakdowns.length).toBe(PLATFORM_COUNTS.breakdowns);
    expect(breakdowns.length).toBeGreaterThanOrEqual(80);
    expect(fields.filter((f) => f.category === "Action breakdowns").length).toBe(PLATFORM_COUNTS.actionBreakdowns);
    expect(fields.filter((f) => !f.category?.startsWith("Breakdowns:") && f.category !== "Action breakdowns").length).toBeGreaterThanOrEqual(180);
    expect(fields.find((f) => f.id === "actions_add_to_cart")).toMatchObject({ name: "Add to cart actions", type: "metric", aggregation: "SUM", category: "Actions: counts" });
    expect(fields.find((f) => f.id === "cost_per_action_add_to_cart")).toMatchObject({ fieldType: "CURRENCY", aggregation: "AVG" });
    // Levels: an account report has no campaign fields.
    expect((await connector.listFields(undefined, { report: "account" })).some((f) => f.id === "campaign_name")).toBe(false);
    const config = await connector.listConfigFields();
    expect(config.find((c) => c.id === "attribution_window")?.values.map((v) => v.value)).toEqual(expect.arrayContaining(["account_setting", "7d_click", "1d_view", "28d_click"]));
  });

  it("splits by age and gender into rows that add up to the unbroken totals", async () => {
    const plain = await read({ fields: ["campaign_id", "impressions", "cost", "clicks"] });
    const split = await read({ fields: ["campaign_id", "age", "gender", "impressions", "cost", "clicks"] });
    expect(new Set(split.map((r) => r.age)).size).toBe(6);
    expect(new Set(split.map((r) => r.gender))).toEqual(new Set(["female", "male", "unknown"]));
    for (const id of ["impressions", "cost", "clicks"]) expect(total(split, id), id).toBe(total(plain, id));
    const [, call] = insightCalls();
    expect(call.query.get("breakdowns")).toBe("age,gender");
  });

  it("reads standard-event columns in the account's attribution setting or a chosen window", async () => {
    const fields = ["campaign_id", "actions_add_to_cart", "action_values_add_to_cart", "cost_per_action_add_to_cart", "purchases", "leads"];
    const account = await read({ fields });
    const windowed = await read({ fields, options: { report: "campaigns", attribution_window: "7d_click" } });
    for (const row of account) expect(row.actions_add_to_cart).toBeGreaterThan(0);
    expect(windowed.map((r) => r.actions_add_to_cart)).not.toEqual(account.map((r) => r.actions_add_to_cart));
    const [first, second] = insightCalls();
    expect(first.query.get("use_account_attribution_setting")).toBe("true");
    expect(first.query.get("fields")!.split(",")).toEqual(expect.arrayContaining(["actions", "action_values", "cost_per_action_type"]));
    expect(second.query.get("action_attribution_windows")).toBe('["7d_click"]');
    expect(second.query.get("use_account_attribution_setting")).toBeNull();
  });

  it("splits the action lists by action type with an action breakdown, adding up to the list's total", async () => {
    const totals = await read({ fields: ["campaign_id", "actions", "action_values"] });
    const byType = await read({ fields: ["campaign_id", "action_type", "actions", "action_values"] });
    expect(new Set(byType.map((r) => r.action_type)).size).toBeGreaterThan(2);
    expect(byType.some((r) => r.action_type === "omni_add_to_cart")).toBe(true);
    expect(total(byType, "actions")).toBe(total(totals, "actions"));
    expect(total(byType, "action_values")).toBe(total(totals, "action_values"));
    expect(insightCalls()[1].query.get("action_breakdowns")).toBe("action_type");
  });

  it("greys out and refuses combinations Meta does not allow, before any request", async () => {
    const withCountry = await connector.incompatibleFields!(undefined, { report: "campaigns", selected: ["country"] });
    expect(withCountry.find((i) => i.fieldId === "age")?.reason).toBe("Meta does not combine the breakdowns age and country (with Country)");
    expect(withCountry.some((i) => i.fieldId === "impressions")).toBe(false);
    const hourly = await connector.incompatibleFields!(undefined, { report: "campaigns", selected: ["hour"] });
    expect(hourly.map((i) => i.fieldId)).toEqual(expect.arrayContaining(["reach", "frequency", "purchases", "actions"]));
    const byType = await connector.incompatibleFields!(undefined, { report: "campaigns", selected: ["action_type"] });
    expect(byType.some((i) => i.fieldId === "impressions")).toBe(true);
    expect(byType.some((i) => i.fieldId === "actions")).toBe(false);
    const error = await read({ fields: ["campaign_id", "age", "country", "impressions"] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IncompatibleFieldsError);
    expect((error as Error).message).toMatch(/"age" \(Meta does not combine the breakdowns age and country/);
    await expect(read({ fields: ["region", "purchases"] })).rejects.toThrow(/no off-Meta actions by region/);
    expect(fake.server.requests).toHaveLength(0);
  });

  it("refuses the same combinations in the fake, with Graph's error 100", async () => {
    const answer = await ctx()
      .http.json({ url: "/act_1001/insights", query: { level: "campaign", fields: "impressions", breakdowns: "age,country", time_range: JSON.stringify({ since: "2025-03-01", until: "2025-03-01" }) } })
      .catch((e: unknown) => e);
    expect((answer as Error).message).toMatch(/code 100.*Current combination of data breakdown columns/);
  });
});

describe("facebook-ads days", () => {
  it("asks for the days of each ad account's own time zone", async () => {
    // 01:30 UTC on 2 March: already the 2nd in Paris, still the 1st in New York.
    const accountOf = (id: string) => {
      const a = FB_ACCOUNTS.find((x) => x.account_id === id)!;
      return { id, name: a.name, timezone: a.timezone_name, currency: a.currency };
    };
    const result = await executeQuery({ getConnector: () => connector }, { platform: "facebook-ads", accounts: [accountOf("1001"), accountOf("1002")], metrics: ["impressions"], dimensions: ["date"], date: { preset: "YESTERDAY" }, options: { report: "account" } }, () => ctx(), { now: new Date("2025-03-02T01:30:00Z") });
    for await (const _row of result.rows) void _row;
    const rangeOf = (id: string) => JSON.parse(fake.server.requestsTo(new RegExp(`/act_${id}/insights$`))[0].query.get("time_range")!);
    expect(rangeOf("1001")).toEqual({ since: "2025-03-01", until: "2025-03-01" });
    expect(rangeOf("1002")).toEqual({ since: "2025-02-28", until: "2025-02-28" });
  });
});

describe("facebook-ads errors as Graph means them", () => {
  it("does not retry error subcode 2853001 (is_transient false)", async () => {
    fake.fail("not-transient", { path: /\/act_1001\/insights$/ });
    const e = await failureOf(read({ fields: ["campaign_id", "impressions"] }));
    expect(e.kind).toBe("system");
    expect(e.message).toContain("2853001");
    expect(insightCalls()).toHaveLength(1);
  });

  it("turns (#100) Missing permissions into a permission message, not a system error", async () => {
    fake.fail("missing-permissions", { path: /\/act_1001\/insights$/ });
    const e = await failureOf(read({ fields: ["campaign_id", "impressions"] }));
    expect(e.kind).toBe("config");
    expect(e.message).toMatch(/can no longer read.*ads_read permission.*reconnect/);
  });

  it("turns code 100 subcode 33 (object not loadable) into a reconnect or permission message", async () => {
    fake.fail("object-not-accessible", { path: /\/act_1001\/insights$/ });
    const e = await failureOf(read({ fields: ["campaign_id", "impressions"] }));
    expect(e.kind).toBe("config");
    expect(e.message).toContain("code 100/33");
    expect(e.message).toMatch(/reconnect/);
    expect(insightCalls()).toHaveLength(1);
  });
});
