// The European Central Bank's euro foreign exchange reference rates (decision 0930): the XML files
// it publishes every TARGET working day around 16:00 CET under
// https://www.ecb.europa.eu/stats/eurofxref/ (eurofxref-daily.xml, eurofxref-hist-90d.xml,
// eurofxref-hist.xml). The base URL is the operator's setting (ECB_RATES_BASE_URL), never a tenant's,
// so it is fetched directly like the Slack and Stripe APIs (the outbound guard is for tenant hosts).

export type EcbRate = { day: string; currency: string; rate: number };

/** The three files: today's rates, the last 90 days', and every day since 1999. */
export const ECB_FILES = { daily: "eurofxref-daily.xml", last90Days: "eurofxref-hist-90d.xml", history: "eurofxref-hist.xml" } as const;
export type EcbFile = keyof typeof ECB_FILES;

/**
 * The currencies the ECB quotes (its daily file, 2025), for the reporting-currency choice before the
 * first fetch; afterwards the stored rates add any it starts quoting.
 */
export const ECB_CURRENCIES = [
  "AUD", "BGN", "BRL", "CAD", "CHF", "CNY", "CZK", "DKK", "GBP", "HKD", "HUF", "IDR", "ILS", "INR", "ISK",
  "JPY", "KRW", "MXN", "MYR", "NOK", "NZD", "PHP", "PLN", "RON", "SEK", "SGD", "THB", "TRY", "USD", "ZAR",
] as const;

export class EcbRatesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EcbRatesError";
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
const RATE = /^\d{1,9}(\.\d{1,9})?$/;

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([A-Za-z_:][\w:.-]*)\s*=\s*(["'])(.*?)\2/g)) out[m[1]] = m[3];
  return out;
}

/**
 * The rates of one of the ECB's files. The format is three levels of <Cube> elements (the
 * envelope's, one per day with `time`, one per currency with `currency` and `rate`); everything
 * else (namespaces, the sender) is ignored. Anything that is not that shape is refused rather than
 * half-read: a wrong rate is worse than a missing one.
 */
export function parseEcbRates(xml: string): EcbRate[] {
  if (!/eurofxref/.test(xml.slice(0, 2_000))) throw new EcbRatesError("The answer is not an ECB reference rate file (no eurofxref vocabulary).");
  const rates: EcbRate[] = [];
  let day: string | null = null;
  for (const m of xml.matchAll(/<Cube\b([^>]*)>/g)) {
    const attrs = attributes(m[1]);
    if (attrs.time !== undefined) {
      const time = attrs.time.trim();
      if (!DAY.test(time) || Number.isNaN(Date.parse(`${time}T00:00:00Z`))) throw new EcbRatesError(`The ECB file has a day "${time.slice(0, 20)}" that is not a date.`);
      day = time;
      continue;
    }
    if (attrs.currency === undefined && attrs.rate === undefined) continue;
    const currency = (attrs.currency ?? "").trim();
    const rate = (attrs.rate ?? "").trim();
    if (!day) throw new EcbRatesError("The ECB file lists a rate outside a day.");
    if (!CURRENCY.test(currency)) throw new EcbRatesError(`The ECB file has a currency "${currency.slice(0, 10)}" that is not an ISO 4217 code.`);
    if (!RATE.test(rate) || Number(rate) <= 0) throw new EcbRatesError(`The ECB file has a rate "${rate.slice(0, 20)}" for ${currency} on ${day} that is not a positive number.`);
    rates.push({ day, currency, rate: Number(rate) });
  }
  if (rates.length === 0) throw new EcbRatesError("The ECB file has no rates.");
  return rates;
}

export function ecbFileUrl(baseUrl: string, file: EcbFile): string {
  return `${baseUrl.replace(/\/+$/, "")}/${ECB_FILES[file]}`;
}

/** Downloads and parses one file; a network failure, a non-200 or a malformed body throws. */
export async function fetchEcbRates(
  baseUrl: string,
  file: EcbFile,
  opts: { fetch?: typeof fetch; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<EcbRate[]> {
  const url = ecbFileUrl(baseUrl, file);
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 60_000);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const response = await (opts.fetch ?? fetch)(url, { headers: { Accept: "application/xml, text/xml" }, signal });
  if (!response.ok) throw new EcbRatesError(`The ECB answered ${response.status} for ${ECB_FILES[file]}.`);
  return parseEcbRates(await response.text());
}
