// Catalogues of platform report columns (issue 17): hundreds of columns per platform, generated
// from an official SDK's metadata (bing-ads, pinterest-ads) or transcribed from the platform's
// documentation (the others), each column becoming one FieldDef with its category and
// description. This module is the shared vocabulary: the compact column record those files hold,
// ids and names derived from the platform's spelling, and the rule that turns "which columns a
// report has" plus "which combinations the platform refuses" into the engine's catalogue and its
// incompatibleFields capability.
import { assertCompatible } from "../../core/compatibility.js";
import { reportConfigField } from "../../core/field-defs.js";
import type { ReportCatalogue } from "../../core/report-request.js";
import type { Aggregation, ConfigField, FieldDef, FieldIncompatibility, FieldType, ReportDef } from "../../core/types.js";

/** One platform column as a catalogue file writes it: the field it becomes and the platform's name for it. */
export interface CatalogueColumn {
  /** The platform's own name (report column, metric, breakdown, pivot). */
  column: string;
  id: string;
  name: string;
  kind: "metric" | "dimension";
  fieldType: FieldType;
  aggregation: Aggregation;
  category: string;
  description: string;
}

/** What a column is: metric or dimension, its type and how rows combine (the generators' and transcriptions' rules decide). */
export type ColumnKind = Pick<CatalogueColumn, "kind" | "fieldType" | "aggregation">;

export function fieldOf(c: CatalogueColumn): FieldDef {
  return { id: c.id, name: c.name, description: c.description, type: c.kind, fieldType: c.fieldType, aggregation: c.kind === "dimension" ? "NONE" : c.aggregation, category: c.category };
}

/**
 * "AverageCpc" -> "average_cpc", "costInLocalCurrency" -> "cost_in_local_currency",
 * "SPEND_IN_MICRO_DOLLAR" -> "spend_in_micro_dollar", "MSAClicks" -> "msa_clicks".
 */
export function snakeId(name: string): string {
  // SCREAMING_SNAKE names keep their own word breaks ("VIDEO_3SEC_VIEWS_1" -> "video_3sec_views_1").
  if (!/[a-z]/.test(name)) return name.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "").toLowerCase();
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

/** Acronyms kept upper case in generated names. */
const ACRONYMS = new Set(["id", "ctr", "cpc", "cpm", "cpv", "cpa", "cpi", "cpp", "cps", "roas", "url", "urls", "os", "ms", "msa", "usd", "dsa", "dma", "gtin", "mpn", "abw", "cta", "pin", "pins", "ecpc", "ecpm", "ecpe", "ectr", "cpcv", "cpe", "cpl", "uv", "cvr", "ios", "sku", "api", "ai", "pos", "sov", "mmm", "tv", "ltv", "lpv", "cpsv"]);

/** "average_cpc" -> "Average CPC": the name shown when the documentation gives none. */
export function humanName(idOrName: string): string {
  const words = snakeId(idOrName).split("_").filter(Boolean);
  return words.map((w, i) => (ACRONYMS.has(w) ? w.toUpperCase() : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(" ");
}

export interface ColumnReport extends ReportDef {
  /** The platform columns of this report, in the platform's order. */
  columns: readonly string[];
}

/** The fields of each report, from the shared column records (a report may rename nothing: ids are the columns'). */
export function columnCatalogue<R extends ColumnReport>(
  platform: string,
  columns: Readonly<Record<string, CatalogueColumn>>,
  reports: readonly R[],
  defaultReport: string,
  opts: { help?: string; extraFields?: (report: R) => FieldDef[]; configFields?: ConfigField[] } = {},
): ReportCatalogue {
  const fields: Record<string, FieldDef[]> = {};
  for (const report of reports) {
    const own = report.columns.map((name) => {
      const column = columns[name];
      if (!column) throw new Error(`${platform}: report ${report.id} names the unknown column ${name}`);
      return fieldOf(column);
    });
    const all = [...(opts.extraFields?.(report) ?? []), ...own];
    const seen = new Set<string>();
    fields[report.id] = all.filter((f) => (seen.has(f.id) ? false : (seen.add(f.id), true)));
  }
  const defs = reports.map(({ id, name, description }) => ({ id, name, description }));
  return {
    platform,
    defaultReport,
    fields,
    reports: defs,
    configFields: [...(defs.length > 1 ? [reportConfigField(defs, defaultReport, opts.help)] : []), ...(opts.configFields ?? [])],
  };
}

/** A platform rule: when any of `when` is selected, each of `excludes` cannot be, with the platform's reason. */
export interface ExclusionRule {
  when: readonly string[];
  excludes: readonly string[];
  reason: string;
}

/** A platform limit on how many of a group of fields one request may carry (pivots, breakdowns). */
export interface GroupLimit {
  fields: readonly string[];
  max: number;
  reason: string;
}

export interface CompatibilityRules {
  exclusions?: readonly ExclusionRule[];
  limits?: readonly GroupLimit[];
}

/**
 * The fields of a report that cannot be in a selection with `selected`: the targets of every
 * exclusion a selected field triggers (both ways: selecting a target also excludes the triggers),
 * and, once a group's limit is reached, its other members (all of them when the selection is over
 * the limit). Selected fields are included when they clash, so engine/core/compatibility.ts's
 * assertCompatible refuses the selection itself.
 */
export function incompatibleWith(reportFields: readonly string[], selected: readonly string[], rules: CompatibilityRules): FieldIncompatibility[] {
  const chosen = new Set(selected);
  const present = new Set(reportFields);
  const out = new Map<string, string>();
  for (const rule of rules.exclusions ?? []) {
    const triggers = rule.when.filter((id) => chosen.has(id));
    const targets = rule.excludes.filter((id) => chosen.has(id));
    if (triggers.length > 0) for (const id of rule.excludes) if (present.has(id) && !rule.when.includes(id)) out.set(id, rule.reason);
    if (targets.length > 0) for (const id of rule.when) if (present.has(id) && !rule.excludes.includes(id)) out.set(id, rule.reason);
  }
  for (const limit of rules.limits ?? []) {
    const taken = limit.fields.filter((id) => chosen.has(id)).length;
    if (taken >= limit.max) for (const id of limit.fields) if (present.has(id) && (taken > limit.max || !chosen.has(id))) out.set(id, limit.reason);
  }
  return [...out].map(([fieldId, reason]) => ({ fieldId, reason }));
}

/** Refuses a request whose own fields break a rule, before any call to the platform (engine/core/compatibility.ts). */
export function assertColumnsCompatible(platform: string, reportFields: readonly string[], requested: readonly string[], rules: CompatibilityRules): void {
  assertCompatible(platform, requested, incompatibleWith(reportFields, requested, rules));
}

/**
 * How a transcribed column is typed: n count, m money, mu money per unit (CPC, CPM), p percentage
 * as a ratio, a other average, u unique people (reach: the maximum is kept), d text attribute,
 * url, day (a date).
 */
export type ColumnType = "n" | "m" | "mu" | "p" | "a" | "u" | "d" | "url" | "day";

/** [platform column, type, category, description?, field id?, field name?] as documentation tables are transcribed. */
export type ColumnSpec = readonly [column: string, type: ColumnType, category: string, description?: string, id?: string, name?: string];

const TYPES: Record<ColumnType, ColumnKind> = {
  n: { kind: "metric", fieldType: "NUMBER", aggregation: "SUM" },
  m: { kind: "metric", fieldType: "CURRENCY", aggregation: "SUM" },
  mu: { kind: "metric", fieldType: "CURRENCY", aggregation: "AVG" },
  p: { kind: "metric", fieldType: "PERCENT", aggregation: "AVG" },
  a: { kind: "metric", fieldType: "NUMBER", aggregation: "AVG" },
  u: { kind: "metric", fieldType: "NUMBER", aggregation: "MAX" },
  d: { kind: "dimension", fieldType: "TEXT", aggregation: "NONE" },
  url: { kind: "dimension", fieldType: "URL", aggregation: "NONE" },
  day: { kind: "dimension", fieldType: "YEAR_MONTH_DAY", aggregation: "NONE" },
};

/** A transcribed table as column records keyed by the platform's column name. */
export function transcribedColumns(specs: readonly ColumnSpec[], source: string): Record<string, CatalogueColumn> {
  const out: Record<string, CatalogueColumn> = {};
  const ids = new Set<string>();
  for (const [column, type, category, description, id, name] of specs) {
    const t = TYPES[type];
    const fieldId = id ?? snakeId(column);
    if (out[column] || ids.has(fieldId)) throw new Error(`${source}: ${column} (${fieldId}) is listed twice`);
    ids.add(fieldId);
    const unit = t.fieldType === "CURRENCY" ? " in the account's currency" : t.fieldType === "PERCENT" ? " as a ratio (0.05 is 5%)" : "";
    out[column] = {
      column,
      id: fieldId,
      name: name ?? humanName(column),
      ...t,
      category,
      description: description ?? (t.kind === "dimension" ? `${humanName(column)} (${column}).` : `${humanName(column)}${unit} (${column}).`),
    };
  }
  return out;
}
