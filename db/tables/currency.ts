import type { ColumnType } from "kysely";
import type { Timestamp } from "../schema.js";

/**
 * The European Central Bank's daily reference rates (decision 0930): units of `currency` for one
 * euro on `day`, a TARGET working day. Not tenant data: one table for every company.
 */
export interface ExchangeRatesTable {
  /** A date column: select it as text (`day::text`), never as a JS Date (that would be an instant in the server's zone). */
  day: ColumnType<string, string, string>;
  currency: string;
  /** numeric (db/connection.ts parses numerics as numbers; ECB rates have at most 6 significant digits). */
  rate: ColumnType<number, string | number, string | number>;
  fetchedAt: Timestamp;
}

export interface CurrencyTables {
  exchangeRates: ExchangeRatesTable;
}
