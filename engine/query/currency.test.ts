import { describe, expect, it } from "vitest";
import type { Row } from "../core/types.js";
import { MAX_RATE_AGE_DAYS, prepareConversion, RateTable, type ExchangeRate } from "./currency.js";
import type { Column } from "./execute.js";

// Thursday 2025-04-17 is the last publication before Easter (Good Friday 18 and Easter Monday 21 are TARGET holidays).
const RATES: ExchangeRate[] = [
  { day: "2025-04-16", currency: "USD", rate: 1.1372 },
  { day: "2025-04-16", currency: "GBP", rate: 0.8588 },
  { day: "2025-04-16", currency: "JPY", rate: 161.85 },
  { day: "2025-04-17", currency: "USD", rate: 1.1359 },
  { day: "2025-04-17", currency: "GBP", rate: 0.8575 },
  { day: "2025-04-17", currency: "JPY", rate: 161.76 },
  { day: "2025-04-22", currency: "USD", rate: 1.1512 },
  { day: "2025-04-22", currency: "GBP", rate: 0.8596 },
];

describe("RateTable", () => {
  const table = new RateTable(RATES);

  it("converts from the euro, into the euro and across through the euro, at the day's own rates", () => {
    expect(table.lookup("EUR", "USD", "2025-04-16")).toEqual({ ok: true, factor: 1.1372, rateDay: "2025-04-16" });
    expect(table.lookup("USD", "EUR", "2025-04-17")).toEqual({ ok: true, factor: 1 / 1.1359, rateDay: "2025-04-17" });
    expect(table.lookup("GBP", "JPY", "2025-04-16")).toEqual({ ok: true, factor: 161.85 / 0.8588, rateDay: "2025-04-16" });
  });

  it("uses the last publication before a day without one (Easter), and says which day", () => {
    for (const day of ["2025-04-18", "2025-04-19", "2025-04-20", "2025-04-21"]) {
      expect(table.lookup("USD", "GBP", day)).toEqual({ ok: true, factor: 0.8575 / 1.1359, rateDay: "2025-04-17" });
    }
    expect(table.lookup("USD", "GBP", "2025-04-22")).toMatchObject({ rateDay: "2025-04-22" });
  });

  it("skips a publication that lacks one of the two currencies", () => {
    // JPY is missing on the 22nd: the 17th quotes both.
    expect(table.lookup("JPY", "USD", "2025-04-23")).toEqual({ ok: true, factor: 1.1359 / 161.76, rateDay: "2025-04-17" });
  });

  it("says a rate is missing instead of reaching further back than the window", () => {
    const late = table.lookup("JPY", "USD", `2025-04-${17 + MAX_RATE_AGE_DAYS + 1}`);
    expect(late).toEqual({ ok: false, reason: `No ECB rate from JPY to USD on 2025-04-25 or in the ${MAX_RATE_AGE_DAYS} days before.` });
    expect(table.lookup("USD", "EUR", "2025-04-10")).toMatchObject({ ok: false });
    expect(table.lookup("ARS", "EUR", "2025-04-17")).toMatchObject({ ok: false, reason: expect.stringContaining("No ECB rate from ARS to EUR") });
    expect(table.lookup("XXX", "EUR", "2025-04-17")).toEqual({ ok: false, reason: "The account has no currency: nothing to convert from." });
  });

  it("needs no rate for money already in the reporting currency", () => {
    expect(table.lookup("CHF", "CHF", "1999-01-01")).toEqual({ ok: true, factor: 1, rateDay: "1999-01-01" });
  });
});

const column = (id: string, type: Column["type"], fieldType: Column["fieldType"] = type === "metric" ? "NUMBER" : "TEXT"): Column => ({
  id,
  name: id.replace(/_/g, " "),
  type,
  fieldType,
  aggregation: type === "metric" ? "SUM" : "NONE",
});

describe("prepareConversion", () => {
  const columns = [column("date", "dimension", "YEAR_MONTH_DAY"), column("campaign", "dimension"), column("clicks", "metric"), column("cost", "metric", "CURRENCY"), column("revenue", "metric", "CURRENCY")];

  it("does nothing without a reporting currency or a money column", async () => {
    expect(await prepareConversion(columns, undefined, { currencies: ["USD"], span: { start: "2025-04-16", end: "2025-04-17" } })).toBeUndefined();
    const loads: unknown[] = [];
    const conversion = { to: "EUR", rates: async (...args: unknown[]) => (loads.push(args), RATES) };
    expect(await prepareConversion(columns.slice(0, 3), conversion, { currencies: ["USD"], span: { start: "2025-04-16", end: "2025-04-17" } })).toBeUndefined();
    expect(loads).toEqual([]);
  });

  it("puts each converted column after its original, the rate columns after the dimensions, and loads the rates once", async () => {
    const loads: unknown[] = [];
    const converter = await prepareConversion(
      columns,
      { to: "GBP", rates: async (span, currencies) => (loads.push({ span, currencies }), RATES) },
      { currencies: ["USD", "EUR", "USD", "XXX"], span: { start: "2025-04-16", end: "2025-04-21" } },
    );
    expect(converter!.columns.map((c) => c.id)).toEqual([
      "date", "campaign", "reporting_currency", "exchange_rate", "rate_date", "conversion_note",
      "clicks", "cost", "cost_converted", "revenue", "revenue_converted",
    ]);
    expect(converter!.columns.find((c) => c.id === "cost_converted")).toMatchObject({ name: "cost (GBP)", type: "metric", fieldType: "CURRENCY", aggregation: "SUM" });
    // The look-back window before the first day; never EUR (it has no row); the reporting currency too.
    expect(loads).toEqual([{ span: { start: "2025-04-09", end: "2025-04-21" }, currencies: ["GBP", "USD"] }]);

    const row: Row = { date: "2025-04-19", campaign: "Spring", clicks: 3, cost: 100, revenue: null };
    converter!.apply(row, "USD", "2025-04-21");
    expect(row).toEqual({
      date: "2025-04-19",
      campaign: "Spring",
      clicks: 3,
      cost: 100,
      cost_converted: Math.round(100 * (0.8575 / 1.1359) * 100) / 100,
      revenue: null,
      revenue_converted: null,
      reporting_currency: "GBP",
      exchange_rate: Math.round((0.8575 / 1.1359) * 1e8) / 1e8,
      rate_date: "2025-04-17",
      conversion_note: null,
    });
  });

  it("says why a row has no converted value", async () => {
    const converter = await prepareConversion(columns, { to: "EUR", rates: async () => RATES }, { currencies: ["JPY"], span: { start: "2025-05-01", end: "2025-05-01" } });
    const row: Row = { date: "2025-05-01", campaign: "May", clicks: 1, cost: 5000, revenue: 0 };
    converter!.apply(row, "JPY", "2025-05-01");
    expect(row).toMatchObject({ cost: 5000, cost_converted: null, revenue_converted: null, exchange_rate: null, rate_date: null, conversion_note: "No ECB rate from JPY to EUR on 2025-05-01 or in the 7 days before." });
  });

  it("converts at the period's last day when the query has no date, and says so", async () => {
    const converter = await prepareConversion(columns.slice(1), { to: "EUR", rates: async () => RATES }, { currencies: ["USD"], span: { start: "2025-04-01", end: "2025-04-17" } });
    const row: Row = { campaign: "All", clicks: 10, cost: 1135.9, revenue: 0 };
    converter!.apply(row, "USD", "2025-04-17");
    expect(row).toMatchObject({ cost_converted: 1000, revenue_converted: 0, rate_date: "2025-04-17", conversion_note: "No date in the query: converted at the rate of the period's last day (2025-04-17)." });
  });
});
