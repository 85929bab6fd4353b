// Filter values typed in the alert editor: several entries separated by commas (spec 1 §3 filter
// value list).

/** The entries before the last comma (kept as typed) and the last entry (what is searched). */
export function splitLastEntry(text: string): { prefix: string; last: string } {
  const at = text.lastIndexOf(",");
  if (at < 0) return { prefix: "", last: text.trim() };
  const before = text
    .slice(0, at)
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return { prefix: before.length ? `${before.join(", ")}, ` : "", last: text.slice(at + 1).trim() };
}
