// Snapchat Ads reports (the ad account and its breakdown levels: campaign, ad squad, ad) and their
// fields over the stats transcribed in catalogue.data.ts, with report dimensions (country, age,
// ...) as breakdown fields, one a request and by day only (Measurement, "report_dimension").
import { dimension } from "../../core/field-defs.js";
import type { FieldDef } from "../../core/types.js";
import { ADS_FIELD } from "../shared/ads-fields.js";
import { CPM_FIELD } from "../shared/ads-family.js";
import { fieldOf, type CompatibilityRules } from "../shared/column-catalogue.js";
import { SNAPCHAT_COLUMNS, SNAPCHAT_REPORT_DIMENSIONS } from "./catalogue.data.js";

export interface SnapchatLevel {
  id: string;
  name: string;
  description: string;
  /** The stats breakdown of the level (none for the ad account). */
  breakdown?: "campaign" | "adsquad" | "ad";
  idPrefix: string;
}

export const SNAPCHAT_LEVELS: SnapchatLevel[] = [
  { id: "account", name: "Ad account", description: "Ad account totals by day or hour.", idPrefix: "account" },
  { id: "campaign", name: "Campaigns", description: "Campaign performance by day or hour (stats broken down by campaign).", breakdown: "campaign", idPrefix: "campaign" },
  { id: "ad_squad", name: "Ad squads", description: "Ad squad performance by day or hour (stats broken down by ad squad).", breakdown: "adsquad", idPrefix: "ad_squad" },
  { id: "ad", name: "Ads", description: "Ad performance by day or hour (stats broken down by ad).", breakdown: "ad", idPrefix: "ad" },
];

const withCategory = (def: FieldDef, category: string): FieldDef => ({ ...def, category });

export const DIMENSION_FIELDS: FieldDef[] = SNAPCHAT_REPORT_DIMENSIONS.map(([d, name]) => ({ ...dimension(`demographic_${d}`, name, "TEXT", `The ${name.toLowerCase()} of the audience (report_dimension ${d}).`), category: "Breakdowns" }));
/** Stats answer key -> breakdown field id. */
export const DIMENSION_BY_NAME = new Map(SNAPCHAT_REPORT_DIMENSIONS.map(([d]) => [d, `demographic_${d}`]));

export function reportDimensionOf(fields: readonly string[]): string | undefined {
  return SNAPCHAT_REPORT_DIMENSIONS.find(([d]) => fields.includes(`demographic_${d}`))?.[0];
}

/** The ratios derived from summed parts, and the stats they need. */
export const DERIVED_PARTS: Record<string, string[]> = { ctr: ["impressions", "clicks"], average_cpc: ["cost", "clicks"], cpm: ["cost", "impressions"] };

const levelDimensions = (level: SnapchatLevel): FieldDef[] => {
  if (level.id === "account") return [];
  if (level.id === "campaign") return [withCategory(ADS_FIELD.campaign_id, "Campaign"), withCategory(ADS_FIELD.campaign_name, "Campaign"), withCategory(ADS_FIELD.campaign_status, "Campaign")];
  const name = level.id === "ad_squad" ? "Ad squad" : "Ad";
  return [{ ...dimension(`${level.idPrefix}_id`, `${name} ID`, "TEXT", `Identifier of the ${name.toLowerCase()}.`), category: name }];
};

export const SNAPCHAT_FIELDS: Record<string, FieldDef[]> = Object.fromEntries(
  SNAPCHAT_LEVELS.map((level) => [
    level.id,
    [
      withCategory(ADS_FIELD.date, "Time"),
      withCategory(ADS_FIELD.hour, "Time"),
      withCategory(ADS_FIELD.account_id, "Ad account"),
      withCategory(ADS_FIELD.account_name, "Ad account"),
      withCategory(ADS_FIELD.account_currency, "Ad account"),
      ...levelDimensions(level),
      ...DIMENSION_FIELDS,
      ...Object.values(SNAPCHAT_COLUMNS).map(fieldOf),
      withCategory(ADS_FIELD.ctr, "Engagement"),
      withCategory(ADS_FIELD.average_cpc, "Cost"),
      withCategory(CPM_FIELD, "Cost"),
    ],
  ]),
);

export const SNAPCHAT_RULES: CompatibilityRules = {
  exclusions: [{ when: DIMENSION_FIELDS.map((f) => f.id), excludes: ["hour"], reason: "Snapchat reports its audience breakdowns by day only" }],
  limits: [{ fields: DIMENSION_FIELDS.map((f) => f.id), max: 1, reason: "Snapchat breaks a report down by one report dimension at a time" }],
};
