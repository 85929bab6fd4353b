// Which Meta Insights fields may share a request, as Meta documents it
// (https://developers.facebook.com/docs/marketing-api/insights/breakdowns): the connector greys
// out and refuses what Graph would refuse or silently leave empty, and the fake answers the same
// combinations with Graph's error 100.
// - breakdowns combine within one family only: age and gender (with at most one creative-asset
//   breakdown), or the placement breakdowns; any other breakdown stands alone;
// - region, dma and the hourly breakdowns carry no off-Meta action metrics ("Type 1");
// - reach, frequency, cost per 1,000 people reached and the other people counts are not reported
//   by hour;
// - action breakdowns split the action lists only, so they go with list fields (actions, action
//   values, ...) and not with scalar metrics or single action-type columns; action_type combines
//   with one other action breakdown at a time.
import type { FieldIncompatibility } from "../../core/types.js";
import type { GeneratedInsightsField } from "./insights-field.js";

const TYPE_1 = /^(region|dma|hourly_stats_aggregated_by_(audience|advertiser)_time_zone)$/;
const HOURLY = /^hourly_stats_aggregated_by_/;
/** Figures computed from reach: like reach, not reported by hour. */
const REACH_BASED = /^(frequency|cpp)$/;
const COMBINABLE = new Set(["demographics", "asset"]);

const splits = (f: GeneratedInsightsField) => f.source === "breakdown" || f.source === "action_breakdown";
const isActionMetric = (f: GeneratedInsightsField) => f.type === "metric" && (f.shape === "actions" || f.source === "action");

/** Why two fields cannot share a request (the same answer whichever order), or undefined. */
export function conflictOf(a: GeneratedInsightsField, b: GeneratedInsightsField): string | undefined {
  if (!splits(a) && !splits(b)) return undefined;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ]) {
    if (x.source === "breakdown" && y.source === "breakdown") {
      const together = (x.family === "placement" && y.family === "placement") || (COMBINABLE.has(x.family ?? "") && COMBINABLE.has(y.family ?? "") && !(x.family === "asset" && y.family === "asset"));
      if (!together) return `Meta does not combine the breakdowns ${x.api} and ${y.api}`;
    }
    if (x.source === "breakdown" && TYPE_1.test(x.api) && isActionMetric(y)) return `Meta reports no off-Meta actions by ${x.api}`;
    if (x.source === "breakdown" && HOURLY.test(x.api) && y.type === "metric" && (y.aggregation === "AUTO" || REACH_BASED.test(y.api))) return `Meta does not report ${y.api} by hour`;
    if (x.source === "action_breakdown" && y.source === "action_breakdown" && x.api !== "action_type" && y.api !== "action_type") return `Meta splits actions by action_type and one other action breakdown at a time, not by ${x.api} and ${y.api}`;
    if (x.source === "action_breakdown" && y.type === "metric" && (y.shape !== "actions" || y.source === "action")) return `the action breakdown ${x.api} splits only action lists (actions, action values, ...)`;
  }
  return undefined;
}

/** The candidates that conflict with the selection (selected ones in conflict included), with the first reason. */
export function insightsIncompatibilities(candidates: readonly GeneratedInsightsField[], selected: readonly GeneratedInsightsField[]): FieldIncompatibility[] {
  const out: FieldIncompatibility[] = [];
  // Every rule involves a breakdown: other fields are checked against the selected breakdowns only.
  const splitters = selected.filter(splits);
  for (const field of candidates) {
    for (const other of splits(field) ? selected : splitters) {
      if (other.id === field.id) continue;
      const reason = conflictOf(field, other);
      if (reason) {
        out.push({ fieldId: field.id, reason: `${reason} (with ${other.name})` });
        break;
      }
    }
  }
  return out;
}
