// Rest.li 2.0 query syntax for LinkedIn's versioned API: structured values such as
// dateRange=(start:(year:2025,month:3,day:1)) and List(...) must reach LinkedIn with their
// parentheses, colons and commas intact, while URNs inside them are percent-encoded
// (https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/protocol-version#url-encoding).
// URLSearchParams would encode the syntax characters too, so these queries are written by hand.
import type { DateRange } from "../../core/types.js";

/** A URN or plain value inside a Rest.li structure. */
export function encodeValue(value: string): string {
  return encodeURIComponent(value);
}

export function restliList(values: readonly string[]): string {
  return `List(${values.map(encodeValue).join(",")})`;
}

export function restliDateRange(range: DateRange): string {
  const part = (iso: string) => {
    const [year, month, day] = iso.split("-").map(Number);
    return `(year:${year},month:${month},day:${day})`;
  };
  return `(start:${part(range.start)},end:${part(range.end)})`;
}

/** key=value pairs joined as-is: callers encode plain values with encodeValue. */
export function restliQuery(params: Record<string, string | number | undefined>): string {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}
