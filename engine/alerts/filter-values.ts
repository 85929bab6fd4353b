// Value suggestions for the alert editor's filters (spec 1 §2.6, §7 "filter value options"): the
// distinct values a dimension took on an account over a recent window, matched against what the
// user typed. Pure functions; the app reads the rows through the connector and caches them.
import type { Row } from "../core/types.js";
import type { During } from "./definition.js";

/** The window whose rows supply the values: long enough to include paused and seasonal entities. */
export const FILTER_VALUE_WINDOW: During = "30_days";
/** At most this many suggestions per answer. */
export const FILTER_SUGGESTION_LIMIT = 20;
/** At most this many distinct values kept per account and field (a dimension like ad ids can be huge). */
export const FILTER_VALUE_CAP = 5_000;

/** Adds the non-empty values of `field` in `rows` to `seen` (as text), up to `cap`; true once full. */
export function collectValues(seen: Set<string>, rows: Iterable<Row>, field: string, cap = FILTER_VALUE_CAP): boolean {
  for (const row of rows) {
    if (seen.size >= cap) return true;
    const value = row[field];
    if (value === null || value === undefined) continue;
    const text = String(value).trim();
    if (text) seen.add(text);
  }
  return seen.size >= cap;
}

export const sortValues = (values: Iterable<string>): string[] => [...values].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));

/** The distinct non-empty values of `field` in `rows`, sorted, at most `cap`. */
export function distinctValues(rows: Iterable<Row>, field: string, cap = FILTER_VALUE_CAP): string[] {
  const seen = new Set<string>();
  collectValues(seen, rows, field, cap);
  return sortValues(seen);
}

/**
 * The values matching a search, case-insensitively: values starting with it first, then values
 * containing it, each group in the values' order. An empty search lists the first values.
 */
export function matchSuggestions(values: readonly string[], search: string, limit = FILTER_SUGGESTION_LIMIT): string[] {
  const q = search.trim().toLowerCase();
  if (!q) return values.slice(0, limit);
  const starts: string[] = [];
  const contains: string[] = [];
  for (const value of values) {
    const lower = value.toLowerCase();
    if (lower.startsWith(q)) starts.push(value);
    else if (lower.includes(q)) contains.push(value);
  }
  return [...starts, ...contains].slice(0, limit);
}
