/** Spec 2 §9: page numbers show the first, the last and two pages around the current, with ellipses. */
export function pageNumbers(current: number, last: number): (number | "…")[] {
  const pages = new Set<number>([1, last]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= last) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "…")[] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && sorted[i]! - sorted[i - 1]! > 1) out.push("…");
    out.push(sorted[i]!);
  }
  return out;
}

/** 'Showing X to Y of Z results' (spec 2 §2 Log tab). */
export function showingText(page: number, size: number, total: number): string {
  if (total === 0) return "Showing 0 to 0 of 0 results";
  const from = (page - 1) * size + 1;
  return `Showing ${from} to ${Math.min(total, page * size)} of ${total} results`;
}
