// The conversion a company's queries apply (decision 0930): into its reporting currency, with the
// ECB rates stored by the exchange-rate schedule. No reporting currency: no conversion.
import type { DB } from "../db/connection.js";
import type { Company } from "../db/schema.js";
import { ratesBetween } from "../db/repositories/exchange-rates.js";
import type { CurrencyConversion } from "../engine/index.js";

export function companyConversion(db: DB, company: Pick<Company, "reportingCurrency">): CurrencyConversion | undefined {
  const to = company.reportingCurrency;
  if (!to) return undefined;
  return { to, rates: (span, currencies) => ratesBetween(db, { from: span.start, to: span.end, currencies }) };
}
