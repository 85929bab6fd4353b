// Currency conversion of a query's money columns (decision 0930). The rates are the European
// Central Bank's reference rates (units of a currency per euro, one set per TARGET working day);
// the caller loads them (the engine has no database) and this module converts: each CURRENCY
// metric gets a converted column right after it, and every row says which rate it used, of which
// day, or why it has none. A day without a publication (week-end, TARGET holiday, today before
// 16:00 CET) uses the latest publication before it, at most MAX_RATE_AGE_DAYS back; rate_date says
// which. Nothing is guessed beyond that: the converted cell stays empty and the note says why.
import { addDays } from "../core/dates.js";
import type { DateRange, Row } from "../core/types.js";
import type { Column } from "./execute.js";

/** Long enough for Easter (Thursday's rates serve Friday to Monday) and a Monday before 16:00 after it. */
export const MAX_RATE_AGE_DAYS = 7;

/** The ECB quotes every currency against the euro, which has no row of its own. */
export const RATE_BASE_CURRENCY = "EUR";

export type ExchangeRate = { day: string; currency: string; rate: number };

/** Loads the stored rates of the currencies (never EUR) over the days, inclusive; null: of every currency. */
export type RatesLoader = (span: DateRange, currencies: string[] | null) => Promise<ExchangeRate[]>;

export interface CurrencyConversion {
  /** The company's reporting currency (ISO 4217). */
  to: string;
  rates: RatesLoader;
}

export const CONVERSION_COLUMN_IDS = ["reporting_currency", "exchange_rate", "rate_date", "conversion_note"] as const;

const CONVERSION_COLUMNS: Column[] = [
  { id: "reporting_currency", name: "Reporting currency", type: "dimension", fieldType: "TEXT", aggregation: "NONE" },
  { id: "exchange_rate", name: "Exchange rate", type: "dimension", fieldType: "NUMBER", aggregation: "NONE" },
  { id: "rate_date", name: "Rate date", type: "dimension", fieldType: "YEAR_MONTH_DAY", aggregation: "NONE" },
  { id: "conversion_note", name: "Conversion note", type: "dimension", fieldType: "TEXT", aggregation: "NONE" },
];

export const convertedColumnId = (id: string) => `${id}_converted`;

const ISO_CODE = /^[A-Z]{3}$/;
/** ISO 4217's "no currency": what the query layer gives accounts of platforms without money. */
const NO_CURRENCY = "XXX";
const isCurrency = (code: string) => ISO_CODE.test(code) && code !== NO_CURRENCY;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Rates by day, with the days sorted for the look-back. */
export class RateTable {
  private readonly byDay = new Map<string, Map<string, number>>();
  private readonly days: string[];

  constructor(rates: readonly ExchangeRate[]) {
    for (const r of rates) {
      let day = this.byDay.get(r.day);
      if (!day) this.byDay.set(r.day, (day = new Map()));
      day.set(r.currency, r.rate);
    }
    this.days = [...this.byDay.keys()].sort();
  }

  private rateOn(day: string, currency: string): number | undefined {
    if (currency === RATE_BASE_CURRENCY) return this.byDay.has(day) ? 1 : undefined;
    return this.byDay.get(day)?.get(currency);
  }

  /**
   * How many `to` one `from` is worth on `day`: both rates of the latest publication on or before
   * the day (at most MAX_RATE_AGE_DAYS back) that quotes both; or why there is none.
   */
  lookup(from: string, to: string, day: string): { ok: true; factor: number; rateDay: string } | { ok: false; reason: string } {
    if (!isCurrency(from)) return { ok: false, reason: "The account has no currency: nothing to convert from." };
    if (from === to) return { ok: true, factor: 1, rateDay: day };
    const oldest = addDays(day, -MAX_RATE_AGE_DAYS);
    // The last published day <= day (binary search), then back while within the window.
    let lo = 0;
    let hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.days[mid] <= day) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo - 1; i >= 0 && this.days[i] >= oldest; i--) {
      const d = this.days[i];
      const fromRate = this.rateOn(d, from);
      const toRate = this.rateOn(d, to);
      if (fromRate !== undefined && toRate !== undefined) return { ok: true, factor: toRate / fromRate, rateDay: d };
    }
    return { ok: false, reason: `No ECB rate from ${from} to ${to} on ${day} or in the ${MAX_RATE_AGE_DAYS} days before.` };
  }
}

export interface Converter {
  /** The query's columns with the converted ones after each money column and the rate columns. */
  columns: Column[];
  /**
   * Adds the converted cells to a row in place. `currency` is the row's; `fallbackDay` is the day
   * whose rate applies when the query has no date column (the last day of the period read).
   */
  apply(row: Row, currency: string, fallbackDay: string): void;
}

const round = (value: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** The money columns a conversion adds a converted column for. */
export function moneyColumns(columns: readonly Column[]): Column[] {
  return columns.filter((c) => c.type === "metric" && c.fieldType === "CURRENCY");
}

/**
 * Prepares the conversion of a query: undefined when there is nothing to convert (no reporting
 * currency, or no money column). Loads the rates of `scope` once, before any row is read.
 */
export async function prepareConversion(
  columns: readonly Column[],
  conversion: CurrencyConversion | undefined,
  scope: { currencies: readonly string[]; span: DateRange; /** Rows carry their own currency (affiliate networks): load every rate. */ anyCurrency?: boolean },
): Promise<Converter | undefined> {
  if (!conversion) return undefined;
  const money = moneyColumns(columns);
  if (money.length === 0) return undefined;
  const to = conversion.to;
  const currencies = [...new Set([...scope.currencies, to])].filter((c) => isCurrency(c) && c !== RATE_BASE_CURRENCY).sort();
  const span = { start: addDays(scope.span.start, -MAX_RATE_AGE_DAYS), end: scope.span.end };
  const table = new RateTable(scope.anyCurrency ? await conversion.rates(span, null) : currencies.length ? await conversion.rates(span, currencies) : []);
  const out: Column[] = [];
  const dimensions = columns.filter((c) => c.type === "dimension");
  out.push(...dimensions, ...CONVERSION_COLUMNS.filter((c) => !dimensions.some((d) => d.id === c.id)));
  for (const c of columns.filter((x) => x.type === "metric")) {
    out.push(c);
    if (money.includes(c)) out.push({ ...c, id: convertedColumnId(c.id), name: `${c.name} (${to})` });
  }
  const hasDate = columns.some((c) => c.id === "date");
  return {
    columns: out,
    apply(row, currency, fallbackDay) {
      const rawDay = hasDate ? row.date : undefined;
      const dated = typeof rawDay === "string" && DAY.test(rawDay.slice(0, 10));
      const day = dated ? (rawDay as string).slice(0, 10) : fallbackDay;
      const found = table.lookup(currency, to, day);
      for (const c of money) {
        const value = row[c.id];
        row[convertedColumnId(c.id)] = found.ok && typeof value === "number" && Number.isFinite(value) ? round(value * found.factor, 2) : null;
      }
      row.reporting_currency = to;
      row.exchange_rate = found.ok ? round(found.factor, 8) : null;
      row.rate_date = found.ok ? found.rateDay : null;
      row.conversion_note = !found.ok ? found.reason : dated || currency === to ? null : `No date in the query: converted at the rate of the period's last day (${day}).`;
    },
  };
}
