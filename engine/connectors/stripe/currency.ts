// Stripe amounts are integers in the currency's minor unit: https://docs.stripe.com/currencies#minor-units
// Zero-decimal currencies are sent as is, three-decimal ones in thousandths. ISK, HUF and TWD
// stay two-decimal in the API for backwards compatibility (the "special cases" of that page),
// so they divide by 100 like every other currency.

const ZERO_DECIMAL = new Set(["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);
const THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

export function currencyDecimals(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/** 1999 USD -> 19.99; 1999 JPY -> 1999; 19990 KWD -> 19.99. */
export function fromMinorUnits(amount: number | null | undefined, currency: string): number {
  if (amount === null || amount === undefined) return 0;
  const decimals = currencyDecimals(currency);
  return decimals === 0 ? amount : Math.round(amount) / 10 ** decimals;
}
