// The reporting currency of Settings → Currency (decision 0930): which currencies a company may
// pick (the euro and what the ECB quotes), what is stored of the rates, and the save.
import type { Company } from "../../db/schema.js";
import { latestRates, rateCoverage, setReportingCurrency } from "../../db/repositories/exchange-rates.js";
import { ECB_CURRENCIES } from "../../lib/ecb-rates.js";
import { getDb } from "./db.server.js";

const names = new Intl.DisplayNames(["en"], { type: "currency" });

export async function currencyChoices(): Promise<{ code: string; name: string }[]> {
  const stored = (await latestRates(getDb())).map((r) => r.currency);
  const codes = [...new Set(["EUR", ...ECB_CURRENCIES, ...stored])].sort();
  return codes.map((code) => ({ code, name: names.of(code) ?? code }));
}

export async function currencySettings(company: Pick<Company, "reportingCurrency">) {
  const [choices, coverage, latest] = await Promise.all([currencyChoices(), rateCoverage(getDb()), latestRates(getDb())]);
  return {
    reportingCurrency: company.reportingCurrency,
    choices,
    coverage: coverage ? { first: coverage.first, last: coverage.last, days: coverage.days, fetchedAt: coverage.fetchedAt.toISOString() } : null,
    latest: latest.map((r) => ({ currency: r.currency, rate: r.rate })),
  };
}

/** Saves the choice; a code the list does not offer is refused (400) and nothing is written. */
export async function saveReportingCurrency(companyId: number, currency: string): Promise<{ ok: true } | { ok: false; message: string }> {
  if (currency && !(await currencyChoices()).some((c) => c.code === currency)) {
    return { ok: false, message: `${currency} is not a currency the European Central Bank quotes. Choose one from the list.` };
  }
  await setReportingCurrency(getDb(), companyId, currency || null);
  return { ok: true };
}
