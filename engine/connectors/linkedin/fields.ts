// LinkedIn ad analytics reports (one per pivot: account, campaign group, campaign, creative), their
// fields over the metrics transcribed in catalogue.data.ts, and the breakdowns that add a pivot of
// the statistics finder (at most three pivots a request), with LinkedIn's rules as incompatibleFields.
import { dimension, reportConfigField } from "../../core/field-defs.js";
import type { ConfigField, FieldDef, ReportDef } from "../../core/types.js";
import { ADS_FIELD, describedAs } from "../shared/ads-fields.js";
import { fieldOf, snakeId, type CompatibilityRules } from "../shared/column-catalogue.js";
import { LINKEDIN_BREAKDOWNS, LINKEDIN_COLUMNS, NOT_WITH_DEMOGRAPHICS } from "./catalogue.data.js";

export interface LinkedInField {
  def: FieldDef;
  /** The adAnalytics metric; absent for dimensions and derived ratios. */
  metric?: string;
  /** The pivot a breakdown dimension adds. */
  pivot?: string;
}

export interface LinkedInReport extends ReportDef {
  pivot: "ACCOUNT" | "CAMPAIGN_GROUP" | "CAMPAIGN" | "CREATIVE";
}

export const LINKEDIN_REPORTS: LinkedInReport[] = [
  { id: "account", name: "Ad accounts", description: "Ad account performance by day (pivot ACCOUNT).", pivot: "ACCOUNT" },
  { id: "campaign_group", name: "Campaign groups", description: "Campaign group performance by day (pivot CAMPAIGN_GROUP).", pivot: "CAMPAIGN_GROUP" },
  { id: "campaign", name: "Campaigns", description: "Campaign performance by day (pivot CAMPAIGN).", pivot: "CAMPAIGN" },
  { id: "creative", name: "Creatives", description: "Creative (ad) performance by day (pivot CREATIVE).", pivot: "CREATIVE" },
];

export const DEFAULT_REPORT = "campaign";

const withCategory = (def: FieldDef, category: string): FieldDef => ({ ...def, category });
const f = (def: FieldDef, metric?: string, pivot?: string): LinkedInField => ({ def, metric, pivot });

const ACCOUNT_DIMENSIONS: LinkedInField[] = [
  f(withCategory(describedAs(ADS_FIELD.date, "Day in UTC, the only timezone LinkedIn ad analytics uses."), "Time")),
  f(withCategory(describedAs(ADS_FIELD.account_id, "Identifier of the sponsored (ad) account."), "Ad account")),
  f(withCategory(ADS_FIELD.account_name, "Ad account")),
  f(withCategory(ADS_FIELD.account_currency, "Ad account")),
];

const LEVEL_DIMENSIONS: Record<LinkedInReport["pivot"], LinkedInField[]> = {
  ACCOUNT: [],
  CAMPAIGN_GROUP: [f({ ...dimension("campaign_group_id", "Campaign group ID", "TEXT", "Identifier of the campaign group."), category: "Campaign group" })],
  CAMPAIGN: [
    f(withCategory(ADS_FIELD.campaign_id, "Campaign")),
    f(withCategory(ADS_FIELD.campaign_name, "Campaign")),
    f(withCategory(describedAs(ADS_FIELD.campaign_status, "ACTIVE, PAUSED, ARCHIVED, COMPLETED, CANCELED, DRAFT."), "Campaign")),
    f(withCategory(describedAs(ADS_FIELD.campaign_type, "TEXT_AD, SPONSORED_UPDATES, SPONSORED_INMAILS or DYNAMIC."), "Campaign")),
  ],
  CREATIVE: [f({ ...dimension("creative_id", "Creative ID", "TEXT", "Identifier of the creative (ad)."), category: "Creative" })],
};

export const BREAKDOWN_FIELDS: LinkedInField[] = LINKEDIN_BREAKDOWNS.map(([pivot, name, description]) =>
  f({ ...dimension(snakeId(pivot.replace(/_V2$/, "")), name, "TEXT", `${description} An extra pivot of the statistics finder.`), category: "Breakdowns" }, undefined, pivot),
);

const METRICS: LinkedInField[] = Object.values(LINKEDIN_COLUMNS).map((c) => f(fieldOf(c), c.column));
const DERIVED: LinkedInField[] = [f(withCategory(ADS_FIELD.ctr, "Engagement")), f(withCategory(ADS_FIELD.average_cpc, "Cost"))];

export const LINKEDIN_FIELDS: Record<string, LinkedInField[]> = Object.fromEntries(
  LINKEDIN_REPORTS.map((r) => [r.id, [...ACCOUNT_DIMENSIONS, ...LEVEL_DIMENSIONS[r.pivot], ...BREAKDOWN_FIELDS, ...METRICS, ...DERIVED]]),
);

export const LINKEDIN_CONFIG_FIELDS: ConfigField[] = [reportConfigField(LINKEDIN_REPORTS, DEFAULT_REPORT, "Which LinkedIn Ads level to read.")];

const idOfMetric = (metric: string) => LINKEDIN_COLUMNS[metric].id;
const DEMOGRAPHIC_BREAKDOWNS = BREAKDOWN_FIELDS.filter((b) => b.pivot!.startsWith("MEMBER_")).map((b) => b.def.id);

export const LINKEDIN_RULES: CompatibilityRules = {
  exclusions: [{ when: DEMOGRAPHIC_BREAKDOWNS, excludes: NOT_WITH_DEMOGRAPHICS.map(idOfMetric), reason: "LinkedIn computes this metric for non-demographic pivots only" }],
  // The statistics finder takes three pivots: the report's own and two breakdowns.
  limits: [{ fields: BREAKDOWN_FIELDS.map((b) => b.def.id), max: 2, reason: "LinkedIn groups a request by at most three pivots (the report's and two breakdowns)" }],
};
