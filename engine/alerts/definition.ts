// The alert ("sentry") definition of spec 1 §3 and its validation rules of spec 1 §5, as zod
// schemas shared by the editor (client and server, through conform), the evaluator and the worker.
// Labels follow spec 1 §9 with the README's fixes (30_days is "30 days", min/max not swapped).
import { z } from "zod";

export const ALERT_TYPES = ["metric", "kpi", "pacing", "objective"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const DURING_WINDOWS = ["4_hour", "8_hour", "12_hour", "24_hour", "yesterday", "7_days", "30_days", "last_month", "lifetime"] as const;
export type During = (typeof DURING_WINDOWS)[number];
export const DURING_LABELS: Record<During, string> = {
  "4_hour": "Last 4 hours",
  "8_hour": "Last 8 hours",
  "12_hour": "Last 12 hours",
  "24_hour": "Last 24 hours",
  yesterday: "Yesterday",
  "7_days": "Last 7 days",
  "30_days": "Last 30 days",
  last_month: "Last month",
  lifetime: "Lifetime",
};

export const AGGREGATION_OPERATORS = ["sum", "avg", "max", "min", "last", "first"] as const;
export type AggregationOperator = (typeof AGGREGATION_OPERATORS)[number];
export const AGGREGATION_LABELS: Record<AggregationOperator, string> = {
  sum: "Sum",
  avg: "Average",
  max: "Maximum",
  min: "Minimum",
  last: "Last value",
  first: "First value",
};

export const COMPARISONS = ["above", "below", "equals"] as const;
export type Comparison = (typeof COMPARISONS)[number];
export const COMPARISON_LABELS: Record<Comparison, string> = { above: "Above", below: "Below", equals: "Equals" };

export const KPI_OPERATORS = ["not_null", "null", "equal", "not_equal"] as const;
export type KpiOperator = (typeof KPI_OPERATORS)[number];
export const KPI_OPERATOR_LABELS: Record<KpiOperator, string> = { not_null: "Is set", null: "Is empty", equal: "Equals", not_equal: "Does not equal" };

export const PACING_PERIODS = ["start_of_month", "start_of_week", "every_day"] as const;
export type PacingPeriod = (typeof PACING_PERIODS)[number];
export const PACING_PERIOD_LABELS: Record<PacingPeriod, string> = {
  start_of_month: "Month to date",
  start_of_week: "Week to date (weeks start on Monday)",
  every_day: "Every day",
};

export const FILTER_OPERATORS = ["equals", "not_equals", "contains", "not_contains"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];


const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);
/** "a number greater than -1" (spec 1 §5); the inputs use min 0, step 0.1. */
const greaterThanMinusOne = z.coerce.number({ error: "Please input a number" }).gt(-1, "The value must be greater than -1");

export const filterSchema = z.object({
  field: requiredText("Please select a field"),
  operator: z.enum(FILTER_OPERATORS, { error: "Please select an operator" }),
  value: z.array(z.string().trim()).transform((v) => v.filter(Boolean)).pipe(z.array(z.string()).min(1, "Please input a value")),
});
export type AlertFilter = z.infer<typeof filterSchema>;

export const calculatedFieldSchema = z.object({
  name: requiredText("Please input a name for the field"),
  field: requiredText("Please input a formula"),
});
export type CalculatedField = z.infer<typeof calculatedFieldSchema>;

export const thresholdValueSchema = z.object({
  operator: z.enum(AGGREGATION_OPERATORS),
  thresholdValue: greaterThanMinusOne,
  thresholdType: z.enum(COMPARISONS),
  metric: requiredText("Please select a metric"),
  during: z.enum(DURING_WINDOWS),
});
export type ThresholdValue = z.infer<typeof thresholdValueSchema>;

export const trendValueSchema = z.object({
  operator: z.enum(AGGREGATION_OPERATORS),
  trendValue: greaterThanMinusOne,
  trendType: z.enum(COMPARISONS),
  metric: requiredText("Please select a metric"),
  duringTime1: z.enum(DURING_WINDOWS),
  duringTime2: z.enum(DURING_WINDOWS),
});
export type TrendValue = z.infer<typeof trendValueSchema>;

export const metricVariableSchema = z.discriminatedUnion("alertType", [
  z.object({
    type: z.literal("metric"),
    alertType: z.literal("threshold"),
    alertValue: z.array(thresholdValueSchema).min(1, "Add at least one condition"),
    calculatedFields: z.array(calculatedFieldSchema).default([]),
    breakdown: z.string().nullable().default(null),
  }),
  z.object({
    type: z.literal("metric"),
    alertType: z.literal("trend"),
    alertValue: z.array(trendValueSchema).min(1, "Add at least one condition"),
    calculatedFields: z.array(calculatedFieldSchema).default([]),
    breakdown: z.string().nullable().default(null),
  }),
]);
export type MetricVariable = z.infer<typeof metricVariableSchema>;

export const kpiVariableSchema = z
  .object({
    type: z.literal("kpi"),
    kpi: requiredText("Please select a configuration value"),
    operator: z.enum(KPI_OPERATORS),
    value: z.string().trim().optional(),
  })
  .superRefine((v, ctx) => {
    // The value is asked only for equal and not_equal (spec 1 §5).
    if ((v.operator === "equal" || v.operator === "not_equal") && !v.value) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Please input a value" });
    }
  })
  .transform((v) => (v.operator === "equal" || v.operator === "not_equal" ? v : { ...v, value: undefined }));
export type KpiVariable = z.infer<typeof kpiVariableSchema>;

const optionalPositive = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number({ error: "Please input a number" }).positive("The amount must be positive").optional(),
);
export const pacingVariableSchema = z.object({
  type: z.literal("pacing"),
  period: z.enum(PACING_PERIODS),
  metric: z.string().default("cost"),
  thresholds: z.object({ above: optionalPositive, below: optionalPositive }),
});
export type PacingVariable = z.infer<typeof pacingVariableSchema>;

export const networkRequestSchema = z.object({
  accountId: requiredText("Please select an account"),
  platform: requiredText("Please select a platform"),
  level: requiredText("Please select a level"),
  dataSourceId: z.coerce.number().int().positive().optional(),
  type: z.enum(["metric", "objective", "kpi", "pacing"]).optional(),
  filters: z.array(filterSchema).default([]),
});
export type NetworkRequest = z.infer<typeof networkRequestSchema>;

const variableSchema = z.discriminatedUnion("type", [metricVariableSchema, kpiVariableSchema, pacingVariableSchema]);
export type AlertVariable = MetricVariable | KpiVariable | PacingVariable;

export const alertDefinitionSchema = z
  .object({
    title: requiredText("Please input a name for your alert"),
    type: z.enum(ALERT_TYPES),
    variables: z.array(variableSchema).min(1),
    /** One network entry per network key (spec 1 §3). */
    requests: z.record(z.string(), networkRequestSchema),
    pivot: z.boolean().optional(),
  })
  .superRefine((a, ctx) => {
    for (const [i, v] of a.variables.entries()) {
      if (a.type === "metric" && v.type !== "metric") ctx.addIssue({ code: "custom", path: ["variables", i], message: "A metric alert needs metric conditions" });
      if (a.type === "kpi" && v.type !== "kpi") ctx.addIssue({ code: "custom", path: ["variables", i], message: "A configuration alert needs configuration conditions" });
      if (a.type === "pacing" && v.type !== "pacing") ctx.addIssue({ code: "custom", path: ["variables", i], message: "A pacing alert needs a pacing condition" });
      // An objective is a period target on any metric, evaluated like pacing (decision 0515).
      if (a.type === "objective" && v.type !== "pacing") ctx.addIssue({ code: "custom", path: ["variables", i], message: "An objective needs a target" });
      if (v.type === "pacing" && v.thresholds.above === undefined && v.thresholds.below === undefined) {
        ctx.addIssue({ code: "custom", path: ["variables", i, "thresholds", "above"], message: "Set an amount above or below" });
      }
      if (v.type === "pacing" && v.thresholds.above !== undefined && v.thresholds.below !== undefined && v.thresholds.below > v.thresholds.above) {
        ctx.addIssue({ code: "custom", path: ["variables", i, "thresholds", "below"], message: "The lower amount must not exceed the upper amount" });
      }
    }
    if (Object.keys(a.requests).length === 0) ctx.addIssue({ code: "custom", path: ["requests"], message: "Please select an account" });
  })
  // Metric and kpi alerts are saved with a pivot flag true (spec 1 §2.6).
  .transform((a) => ({ ...a, pivot: a.type === "metric" || a.type === "kpi" }));
export type AlertDefinition = z.infer<typeof alertDefinitionSchema>;

// ---- defaults of spec 1 §9 ------------------------------------------------------------------

export const DEFAULT_THRESHOLD: ThresholdValue = { operator: "sum", thresholdValue: 20, thresholdType: "above", metric: "", during: "yesterday" };
/** The creation helper's defaults (spec 1 §9): avg, 20, 4_hour, above. */
export const CREATION_HELPER_THRESHOLD: ThresholdValue = { operator: "avg", thresholdValue: 20, thresholdType: "above", metric: "", during: "4_hour" };
export const DEFAULT_TREND: TrendValue = { operator: "sum", trendValue: 20, trendType: "above", metric: "", duringTime1: "yesterday", duringTime2: "7_days" };
export const DEFAULT_PACING: PacingVariable = { type: "pacing", period: "start_of_month", metric: "cost", thresholds: {} };
export const DEFAULT_KPI: KpiVariable = { type: "kpi", kpi: "", operator: "not_equal", value: "" };

/** The metric fields a formula or condition may read: every metric id of a variable, incl. calculated ones. */
export function metricsOf(variable: MetricVariable): string[] {
  return [...new Set(variable.alertValue.map((v) => v.metric))];
}
