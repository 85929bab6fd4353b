// The shape of one generated Meta Ads field (fields.generated.ts): our FieldDef plus how the
// connector asks Graph for it and reads it back.
import type { FieldDef } from "../../core/types.js";

export type Level = "account" | "campaign" | "adset" | "ad";

/** Where a field comes from in an insights request. */
export type InsightsSource =
  /** A field of `fields=` (AdsInsights.Fields). */
  | "field"
  /** A value of `breakdowns=` (AdsInsights.Breakdowns): rows are split by it. */
  | "breakdown"
  /** A value of `action_breakdowns=` (AdsInsights.ActionBreakdowns): action lists are split by it. */
  | "action_breakdown"
  /** One action type of an action list (actions, action_values, cost_per_action_type). */
  | "action"
  /** A configuration value of the campaign or ad set object (checks.ts), not an insights field. */
  | "object";

export interface GeneratedInsightsField extends FieldDef {
  /** The Graph name: an insights field, a breakdown, an action breakdown, or the list an action column reads. */
  api: string;
  source: InsightsSource;
  /** "actions": Graph answers a list of AdsActionStats ({action_type, value, 7d_click, ...}). */
  shape?: "actions";
  /** The coarsest level that has this field (a campaign name needs level campaign or finer). */
  level?: Level;
  /** Graph writes it as a percentage (5.2 for 5.2 %): divided by 100 into a ratio. */
  percent?: true;
  /** Action columns: the action types to look for, first present wins (omni_ types merge web, app and offline). */
  actionTypes?: readonly string[];
  /** Breakdowns: the family whose members may be combined (demographics, placement); others stand alone. */
  family?: string;
}
