// Graph insight objects to our rows. Scalars arrive as strings ("1234", "12.5"); action lists as
// [{action_type, value, 7d_click, ...}] per AdsActionStats; Graph leaves out additive metrics that
// are zero, so an absent SUM metric is 0 while an absent rate stays null. With action breakdowns,
// one insight becomes one row per combination of the breakdowns' values in its action lists.
import type { Row } from "../../core/types.js";
import type { InsightsField } from "./fields.js";
import type { RawInsight } from "./insights.js";

type ActionStat = Record<string, unknown> & { action_type?: string; value?: unknown };

const num = (value: unknown): number | null => {
  if (value === undefined || value === null || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** "13:00:00 - 13:59:59" -> 13 */
function hourOf(value: unknown): number | null {
  const match = typeof value === "string" ? /^(\d{2}):/.exec(value) : null;
  return match ? Number(match[1]) : null;
}

const stats = (value: unknown): ActionStat[] => (Array.isArray(value) ? (value.filter((v) => v && typeof v === "object") as ActionStat[]) : []);

export interface RowOptions {
  /** The attribution window asked for: each stat's value in it (Graph adds one key per window). */
  window?: string;
  /** Selected action breakdowns (api names): the list entries are split by their values. */
  actionBreakdowns: InsightsField[];
}

function statValue(stat: ActionStat, window: string | undefined): number | null {
  return num(window && window in stat ? stat[window] : stat.value);
}

/** A list field's value: the sum of its entries (a rate: its first entry, Graph lists one). */
function listValue(field: InsightsField, entries: ActionStat[], window: string | undefined): number | null {
  if (entries.length === 0) return field.aggregation === "SUM" ? 0 : null;
  if (field.aggregation !== "SUM") return statValue(entries[0], window);
  return entries.reduce((sum, e) => sum + (statValue(e, window) ?? 0), 0);
}

function scaled(field: InsightsField, value: number | null): number | null {
  return value !== null && field.percent ? Math.round(value * 1e6) / 1e8 : value;
}

function valueOf(field: InsightsField, raw: RawInsight, window: string | undefined, entriesOf: (api: string) => ActionStat[]): Row[string] {
  switch (field.source) {
    case "breakdown":
      if (field.fieldType === "HOUR") return hourOf(raw[field.api]);
      if (field.fieldType === "NUMBER") return num(raw[field.api]);
      return raw[field.api] === undefined || raw[field.api] === null ? null : String(raw[field.api]);
    case "action": {
      const list = entriesOf(field.api);
      for (const type of field.actionTypes ?? []) {
        const found = list.find((a) => a.action_type === type);
        if (found) return statValue(found, window);
      }
      return field.aggregation === "SUM" ? 0 : null;
    }
    case "object":
    case "action_breakdown":
      return null;
    default:
      if (field.type === "dimension") {
        const value = field.id === "date" ? raw.date_start : raw[field.api];
        return value === undefined || value === null ? null : String(value);
      }
      if (field.shape === "actions" && Array.isArray(raw[field.api])) return scaled(field, listValue(field, entriesOf(field.api), window));
      return scaled(field, num(raw[field.api]) ?? (field.aggregation === "SUM" ? 0 : null));
  }
}

/** The rows of one insight object for the requested fields. */
export function insightRows(raw: RawInsight, fields: readonly InsightsField[], opts: RowOptions): Row[] {
  if (opts.actionBreakdowns.length === 0) {
    const row: Row = {};
    for (const field of fields) row[field.id] = valueOf(field, raw, opts.window, (api) => stats(raw[api]));
    return [row];
  }
  // One row per combination of the action breakdowns' values found in the requested lists.
  // Without a list field asked, the split is the one of the actions list (the connector asks for it).
  const asked = [...new Set(fields.filter((f) => f.shape === "actions").map((f) => f.api))];
  const lists = asked.length > 0 ? asked : ["actions"];
  const keyOf = (stat: ActionStat) => JSON.stringify(opts.actionBreakdowns.map((b) => stat[b.api] ?? null));
  const keys = new Map<string, ActionStat>();
  for (const api of lists) for (const stat of stats(raw[api])) if (!keys.has(keyOf(stat))) keys.set(keyOf(stat), stat);
  return [...keys].map(([key, sample]) => {
    const row: Row = {};
    for (const field of fields) {
      if (field.source === "action_breakdown") row[field.id] = sample[field.api] === undefined || sample[field.api] === null ? null : String(sample[field.api]);
      else row[field.id] = valueOf(field, raw, opts.window, (api) => stats(raw[api]).filter((s) => keyOf(s) === key));
    }
    return row;
  });
}
