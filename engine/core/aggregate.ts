// Platforms that hand back records (orders, charges, balance transactions) rather than report
// rows need the records rolled up to the requested dimensions: one row per distinct combination,
// metrics summed, counted or counted distinctly, ratios derived from the sums at the end.
import { matchesFilters } from "./filters.js";
import { projectRow } from "./pages.js";
import type { CellValue, FieldDef, Filter, ReadRequest, Row } from "./types.js";

export type Rollup = "SUM" | "COUNT" | "COUNT_DISTINCT" | "MAX" | "MIN";

export interface AggregateSpec {
  /** The requested dimensions, which make up the group key. */
  dimensions: readonly string[];
  /**
   * Metrics combined from records: SUM adds numbers (null when no record of the group had one);
   * COUNT counts non-null values; COUNT_DISTINCT counts distinct values.
   */
  metrics: readonly { id: string; rollup: Rollup }[];
  /** Metrics computed from a finished group (averages, ratios); they see every rolled-up metric. */
  derived?: Readonly<Record<string, (group: Row) => CellValue>>;
  /** The output columns, in order. */
  output: readonly string[];
  /** Checked on each record before it counts (filters on dimensions, selected or not). */
  recordFilters?: readonly Filter[];
  /** Checked on each finished row before projection (filters on metrics). */
  rowFilters?: readonly Filter[];
}

interface Group {
  dims: Row;
  values: Map<string, number>;
  distinct: Map<string, Set<string>>;
}

/** Sums of decimal strings drift (0.1 + 0.2); money and counts never need more than 6 decimals. */
const tidy = (n: number) => Math.round(n * 1e6) / 1e6;

function toNumber(value: CellValue | undefined): number | undefined {
  if (value === null || value === undefined || value === "" || typeof value === "boolean") return undefined;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The spec for a request: requested dimensions group, declared metrics roll up by their
 * aggregation (SUM, COUNT, COUNT_DISTINCT, MAX, MIN); other metrics must be given in `derived`.
 */
export function aggregateSpecFor(
  declared: readonly FieldDef[],
  requested: readonly string[],
  opts: {
    derived?: Readonly<Record<string, (group: Row) => CellValue>>;
    /** Dimensions to group by even when not requested (date and hour for an hourly read). */
    groupAlso?: readonly string[];
    /** The read's filters: dimension filters apply to records, metric filters to finished rows. */
    filters?: readonly Filter[];
  } = {},
): AggregateSpec {
  const derived = opts.derived ?? {};
  const byId = new Map(declared.map((f) => [f.id, f]));
  const rollups = new Set<string>(["SUM", "COUNT", "COUNT_DISTINCT", "MAX", "MIN"]);
  const dimensions = [...requested, ...(opts.groupAlso ?? [])].filter((id) => byId.get(id)?.type === "dimension");
  return {
    dimensions: [...new Set(dimensions)],
    metrics: declared
      .filter((f) => f.type === "metric" && rollups.has(f.aggregation) && !(f.id in derived))
      .map((f) => ({ id: f.id, rollup: f.aggregation as Rollup })),
    derived,
    output: requested,
    recordFilters: (opts.filters ?? []).filter((f) => byId.get(f.field)?.type === "dimension"),
    rowFilters: (opts.filters ?? []).filter((f) => byId.get(f.field)?.type === "metric"),
  };
}

export class RowAggregator {
  private readonly groups = new Map<string, Group>();

  constructor(private readonly spec: AggregateSpec) {}

  /** Adds one record: its dimension values place it in a group, its metric values combine there. */
  add(record: Row): void {
    if (!matchesFilters(record, this.spec.recordFilters)) return;
    const dims: Row = {};
    for (const id of this.spec.dimensions) dims[id] = record[id] ?? null;
    const key = JSON.stringify(this.spec.dimensions.map((id) => dims[id]));
    let group = this.groups.get(key);
    if (!group) {
      group = { dims, values: new Map(), distinct: new Map() };
      this.groups.set(key, group);
    }
    for (const { id, rollup } of this.spec.metrics) {
      const raw = record[id];
      if (rollup === "COUNT_DISTINCT") {
        if (raw === null || raw === undefined || raw === "") continue;
        let set = group.distinct.get(id);
        if (!set) group.distinct.set(id, (set = new Set()));
        set.add(String(raw));
        continue;
      }
      if (rollup === "COUNT") {
        if (raw !== null && raw !== undefined) group.values.set(id, (group.values.get(id) ?? 0) + 1);
        continue;
      }
      const n = toNumber(raw);
      if (n === undefined) continue;
      const current = group.values.get(id);
      if (rollup === "SUM") group.values.set(id, (current ?? 0) + n);
      else if (rollup === "MAX") group.values.set(id, current === undefined ? n : Math.max(current, n));
      else group.values.set(id, current === undefined ? n : Math.min(current, n));
    }
  }

  get size(): number {
    return this.groups.size;
  }

  /** Whether rows are grouped by this dimension (requested, or implied by an hourly read). */
  groupsBy(dimension: string): boolean {
    return this.spec.dimensions.includes(dimension);
  }

  /**
   * For records that arrive grouped by `dimension` (orders sorted by creation time arrive one date
   * after the other): before adding a record whose `dimension` is `value`, yields and forgets the
   * groups of every other value, which can no longer change. Keeps a long read's memory to one
   * day's groups. Yields nothing when the read does not group by `dimension`.
   */
  *advanceTo(dimension: string, value: CellValue): Generator<Row> {
    if (!this.groupsBy(dimension)) return;
    for (const [key, group] of this.groups) {
      if (group.dims[dimension] === value) continue;
      this.groups.delete(key);
      const row = this.finish(group);
      if (row) yield row;
    }
  }

  /** add() for records arriving in `dimension` order: yields the groups the record makes final first. */
  *addInOrder(record: Row, dimension = "date"): Generator<Row> {
    yield* this.advanceTo(dimension, record[dimension] ?? null);
    this.add(record);
  }

  /** The finished rows, in the order their groups first appeared, projected onto `output`. */
  *rows(): Generator<Row> {
    for (const group of this.groups.values()) {
      const row = this.finish(group);
      if (row) yield row;
    }
    this.groups.clear();
  }

  private finish(group: Group): Row | undefined {
    const full: Row = { ...group.dims };
    for (const { id, rollup } of this.spec.metrics) {
      if (rollup === "COUNT_DISTINCT") full[id] = group.distinct.get(id)?.size ?? 0;
      else if (rollup === "MAX" || rollup === "MIN") full[id] = group.values.has(id) ? tidy(group.values.get(id)!) : null;
      else if (rollup === "COUNT") full[id] = group.values.get(id) ?? 0;
      // No record carried a number (the platform left the metric out): unknown, not zero.
      else full[id] = group.values.has(id) ? tidy(group.values.get(id)!) : null;
    }
    for (const [id, derive] of Object.entries(this.spec.derived ?? {})) full[id] = derive(full);
    return matchesFilters(full, this.spec.rowFilters) ? projectRow(full, this.spec.output) : undefined;
  }
}

/**
 * The aggregator for one read: the requested fields and filters, and for an hourly read one row
 * per date and hour (grouped even when date and hour are not among the requested fields).
 */
export function aggregatorForRead(
  declared: readonly FieldDef[],
  req: Pick<ReadRequest, "fields" | "filters" | "granularity">,
  derived: Readonly<Record<string, (group: Row) => CellValue>> = {},
): RowAggregator {
  return new RowAggregator(
    aggregateSpecFor(declared, req.fields, { derived, filters: req.filters, groupAlso: req.granularity === "hour" ? ["date", "hour"] : [] }),
  );
}

/** A ratio rounded like the platforms show it, 0 when the denominator is 0. */
export function ratio(numerator: CellValue, denominator: CellValue, decimals = 2): number {
  const n = toNumber(numerator) ?? 0;
  const d = toNumber(denominator) ?? 0;
  if (d === 0) return 0;
  const f = 10 ** decimals;
  return Math.round((n / d) * f) / f;
}
