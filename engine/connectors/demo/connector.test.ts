import { describe, expect, it } from "vitest";
import { createConnectorContext } from "../../core/context.js";
import { ConnectorError, InvalidRequestError, UnknownFieldError } from "../../core/errors.js";
import { collectRows } from "../../core/pages.js";
import type { Account, ReadRequest } from "../../core/types.js";
import { createDemoConnector, DEMO_PAGE_SIZE } from "./connector.js";
import { DEMO_ACCOUNTS } from "./model.js";
import { hashString, mulberry32 } from "./prng.js";

// Pinned clock: 2025-03-12 15:30 UTC is 16:30 in Paris, 11:30 in New York, 00:30 the 13th in Tokyo.
const now = () => new Date("2025-03-12T15:30:00Z");
const demo = createDemoConnector({ now });
const ctx = (key = "demo") => createConnectorContext(demo, { credential: { type: "api-key", key } });
const [paris, newYork] = DEMO_ACCOUNTS;

const campaignFields = ["date", "account_id", "campaign_id", "campaign_name", "impressions", "clicks", "cost", "conversions", "ctr", "cpc"];

function read(req: Partial<ReadRequest>) {
  return collectRows(
    demo.read(ctx(), {
      accounts: [paris],
      fields: campaignFields,
      range: { start: "2025-03-01", end: "2025-03-07" },
      ...req,
    }),
  );
}

describe("demo prng", () => {
  it("is deterministic and spread over [0, 1)", () => {
    const a = mulberry32(hashString("x"));
    const b = mulberry32(hashString("x"));
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(values.reduce((s, v) => s + v, 0) / values.length).toBeCloseTo(0.5, 1);
    expect(mulberry32(hashString("y"))()).not.toBe(mulberry32(hashString("x"))());
  });
});

describe("demo connector", () => {
  it("accepts demo keys and rejects others with a config error", async () => {
    await expect(demo.check(ctx("demo"))).resolves.toMatchObject({ ok: true });
    await expect(demo.check(ctx("demo-agency-42"))).resolves.toMatchObject({ ok: true });
    const error = await demo.check(ctx("sk_live_123")).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe("config");
  });

  it("lists accounts in several timezones and currencies", async () => {
    const accounts = await demo.listAccounts(ctx());
    expect(accounts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(accounts.map((a) => a.timezone)).size).toBe(accounts.length);
    expect(accounts.map((a) => a.currency)).toEqual(expect.arrayContaining(["EUR", "USD"]));
  });

  it("returns the same rows for the same request, and each day independently of the range", async () => {
    const week = await read({});
    expect(await read({})).toEqual(week);
    const oneDay = await read({ range: { start: "2025-03-04", end: "2025-03-04" } });
    expect(oneDay.length).toBeGreaterThan(0);
    expect(week.filter((r) => r.date === "2025-03-04")).toEqual(oneDay);
  });

  it("gives different accounts different numbers", async () => {
    const a = await read({ fields: ["date", "impressions"] });
    const b = await read({ accounts: [newYork], fields: ["date", "impressions"] });
    expect(a).not.toEqual(b);
  });

  it("returns exactly the requested fields in order, with consistent derived metrics", async () => {
    const rows = await read({});
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(campaignFields);
      const { impressions, clicks, cost, ctr, cpc } = row as Record<string, number>;
      expect(clicks).toBeLessThanOrEqual(impressions);
      if (impressions > 0) expect(ctr).toBeCloseTo(clicks / impressions, 3);
      if (clicks > 0) expect(cpc).toBeCloseTo(cost / clicks, 1);
    }
  });

  it("aggregates to the requested dimensions", async () => {
    const byCampaign = await read({ fields: ["date", "campaign_id", "impressions"] });
    const byAccount = await read({ fields: ["date", "impressions"] });
    expect(byAccount).toHaveLength(7);
    for (const day of byAccount) {
      const sum = byCampaign.filter((r) => r.date === day.date).reduce((s, r) => s + (r.impressions as number), 0);
      expect(day.impressions).toBe(sum);
    }
    const total = await read({ fields: ["impressions"] });
    expect(total).toEqual([{ impressions: byAccount.reduce((s, r) => s + (r.impressions as number), 0) }]);
  });

  it("writes rows of lines it tells apart (ad group and hour) with the numbers of the grouped rows", async () => {
    // Up to today (16:30 in Paris): the partial day's lines are hourly too.
    const range = { start: "2025-03-10", end: "2025-03-12" };
    const key = (r: Record<string, unknown>) => `${r.date}|${r.hour}|${r.campaign_id}`;
    const lines = await read({ fields: ["date", "hour", "campaign_id", "ad_group_id", "impressions", "clicks", "conversions"], granularity: "hour", range });
    const grouped = await read({ fields: ["date", "hour", "campaign_id", "impressions", "clicks", "conversions"], granularity: "hour", range });
    expect(lines.length).toBeGreaterThan(grouped.length);
    const sums = new Map<string, number[]>();
    for (const r of lines) {
      const s = sums.get(key(r)) ?? [0, 0, 0];
      sums.set(key(r), [s[0] + (r.impressions as number), s[1] + (r.clicks as number), s[2] + (r.conversions as number)]);
    }
    expect(grouped.map((r) => [key(r), r.impressions, r.clicks, r.conversions])).toEqual([...sums].map(([k, s]) => [k, ...s]));
    // By day: today's hours are grouped into its day; the ad groups stay apart.
    const days = await read({ fields: ["date", "ad_group_id", "clicks"], range });
    const today = lines.filter((r) => r.date === "2025-03-12");
    for (const r of days.filter((d) => d.date === "2025-03-12")) {
      expect(r.clicks).toBe(today.filter((l) => l.ad_group_id === r.ad_group_id).reduce((n, l) => n + (l.clicks as number), 0));
    }
    // A metric filter keeps exactly the lines that pass it.
    const busy = await read({ fields: ["date", "hour", "campaign_id", "ad_group_id", "impressions", "clicks", "conversions"], granularity: "hour", range, filters: [{ field: "clicks", type: "greater_than", value: 5 }] });
    expect(busy).toEqual(lines.filter((r) => (r.clicks as number) > 5));
  });

  it("supports hourly rows that add up to the day", async () => {
    const hours = await read({ fields: ["date", "hour", "impressions", "clicks"], range: { start: "2025-03-03", end: "2025-03-03" }, granularity: "hour" });
    expect(hours.map((r) => r.hour)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    const day = await read({ fields: ["date", "impressions", "clicks"], range: { start: "2025-03-03", end: "2025-03-03" } });
    expect(hours.reduce((s, r) => s + (r.impressions as number), 0)).toBe(day[0].impressions);
    expect(hours.reduce((s, r) => s + (r.clicks as number), 0)).toBe(day[0].clicks);
  });

  it("has no future data: today stops at the current hour of the account", async () => {
    const today = await read({ fields: ["date", "hour", "impressions"], range: { start: "2025-03-12", end: "2025-03-14" } });
    expect(new Set(today.map((r) => r.date))).toEqual(new Set(["2025-03-12"]));
    expect(Math.max(...today.map((r) => r.hour as number))).toBe(16);
    const tokyo = DEMO_ACCOUNTS.find((a) => a.timezone === "Asia/Tokyo") as Account;
    const tokyoRows = await read({ accounts: [tokyo], fields: ["date", "hour", "impressions"], range: { start: "2025-03-13", end: "2025-03-13" } });
    expect(tokyoRows.map((r) => r.hour)).toEqual([0]);
  });

  it("applies filters on dimensions (selected or not) and on metrics", async () => {
    const all = await read({ fields: ["campaign_name", "impressions"] });
    const name = all[0].campaign_name as string;
    const only = await read({ fields: ["campaign_name", "impressions"], filters: [{ field: "campaign_name", type: "equals", value: name }] });
    expect(only).toEqual([all[0]]);
    const byDate = await read({ fields: ["date", "impressions"], filters: [{ field: "campaign_name", type: "equals", value: name }] });
    expect(byDate.reduce((s, r) => s + (r.impressions as number), 0)).toBe(all[0].impressions);
    const big = await read({ fields: ["campaign_name", "impressions"], filters: [{ field: "impressions", type: "greater_than", value: 0 }] });
    expect(big.every((r) => (r.impressions as number) > 0)).toBe(true);
  });

  it("serves the ecommerce report with distinct order counts", async () => {
    const lines = await read({ options: { report: "ecommerce" }, fields: ["date", "order_id", "product", "revenue", "items"] });
    const totals = await read({ options: { report: "ecommerce" }, fields: ["date", "orders", "revenue", "items"] });
    expect(totals).toHaveLength(7);
    for (const day of totals) {
      const ofDay = lines.filter((l) => l.date === day.date);
      expect(day.orders).toBe(new Set(ofDay.map((l) => l.order_id)).size);
      expect(day.items).toBe(ofDay.reduce((s, l) => s + (l.items as number), 0));
    }
  });

  it("streams in bounded pages", async () => {
    let pages = 0;
    let rows = 0;
    for await (const page of demo.read(ctx(), {
      accounts: DEMO_ACCOUNTS,
      fields: ["date", "hour", "ad_group_id", "impressions"],
      range: { start: "2024-01-01", end: "2024-03-31" },
      granularity: "hour",
    })) {
      expect(page.rows.length).toBeLessThanOrEqual(DEMO_PAGE_SIZE);
      pages += 1;
      rows += page.rows.length;
    }
    expect(rows).toBeGreaterThan(20_000);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(rows / DEMO_PAGE_SIZE));
  });

  it("rejects unknown fields and reports", async () => {
    await expect(read({ fields: ["date", "revenue"] })).rejects.toThrow(UnknownFieldError);
    await expect(read({ options: { report: "nope" } })).rejects.toThrow(InvalidRequestError);
  });

  it("restates its last 3 days: early traffic holds invalid clicks, conversions arrive late", async () => {
    const day = "2025-03-11"; // yesterday in Paris at the pinned clock
    const fields = ["date", "impressions", "clicks", "cost", "conversions"];
    const at = (clock: string, final = false) =>
      collectRows(createDemoConnector({ now: () => new Date(clock), final }).read(ctx(), { accounts: [paris], fields, range: { start: day, end: day } }));
    const [early] = await at("2025-03-12T15:30:00Z");
    const [settled] = await at("2025-03-16T15:30:00Z"); // 5 days old: out of the window
    const [final] = await at("2025-03-12T15:30:00Z", true);
    expect(settled).toEqual(final);
    expect(early.clicks as number).toBeGreaterThanOrEqual(final.clicks as number);
    expect(early.conversions as number).toBeLessThan(final.conversions as number);
    expect(demo.restatementDays).toBe(3);
  });
});
