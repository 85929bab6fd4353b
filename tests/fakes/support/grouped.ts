// Reporting APIs that aggregate for the caller (Search Console, YouTube Analytics, Matomo...)
// sum their finest-grain facts over the dimensions a request names; fakes share that step.
export interface Fact {
  dims: Record<string, string>;
  values: Record<string, number>;
}

/** Groups facts by `dims` (in order), summing every value; groups keep first-seen order. */
export function grouped(facts: Iterable<Fact>, dims: readonly string[]): { keys: string[]; sums: Record<string, number> }[] {
  const groups = new Map<string, { keys: string[]; sums: Record<string, number> }>();
  for (const fact of facts) {
    const keys = dims.map((d) => fact.dims[d] ?? "");
    const id = JSON.stringify(keys);
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { keys, sums: {} }));
    for (const [k, v] of Object.entries(fact.values)) group.sums[k] = (group.sums[k] ?? 0) + v;
  }
  return [...groups.values()];
}
