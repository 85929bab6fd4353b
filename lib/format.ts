// Numbers and money as people read them (issue 19), for the screens, e-mails and billing.

/** 12345.678 -> "12,345.68"; integers keep no decimals. */
export function formatNumber(value: number, opts: { maximumFractionDigits?: number } = {}): string {
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: opts.maximumFractionDigits ?? 2 }).format(value);
}

/** An amount in a currency (ISO code, any case): "$1,234.50", "1 234,50 €" (euros read the French way, as the plans do). */
export function formatMoney(amount: number, currency: string, opts: { maximumFractionDigits?: number } = {}): string {
  const code = currency.toUpperCase();
  try {
    return new Intl.NumberFormat(code === "EUR" ? "fr-FR" : "en-US", { style: "currency", currency: code, maximumFractionDigits: opts.maximumFractionDigits }).format(amount);
  } catch {
    // Not an ISO currency code: the number and the code as given.
    return `${formatNumber(amount)} ${currency}`;
  }
}
