// Pinterest Ads reports and fields: every level and column of the asynchronous ads reports,
// generated from Pinterest's published API client (catalogue.generated.ts, decision 0907), with the
// shared ads ids (date, hour, account name and currency, average CPC, CPM) and one breakdown field
// per targeting type for the targeting levels, of which one read takes one.
import { dimension } from "../../core/field-defs.js";
import type { FieldDef } from "../../core/types.js";
import { ADS_FIELD } from "../shared/ads-fields.js";
import { CPM_FIELD } from "../shared/ads-family.js";
import { columnCatalogue, humanName, snakeId, type CompatibilityRules } from "../shared/column-catalogue.js";
import { PINTEREST_COLUMNS, PINTEREST_REPORT_TYPES, PINTEREST_TARGETING_TYPES, type PinterestReportType } from "./catalogue.generated.js";

export const PINTEREST_REPORTS: readonly PinterestReportType[] = PINTEREST_REPORT_TYPES;
export const DEFAULT_REPORT = "account";

export const TARGETING_FIELD_PREFIX = "targeting_";

const withCategory = (def: FieldDef, category: string): FieldDef => ({ ...def, category });

/** targeting_gender <- GENDER, ... */
export const TARGETING_FIELDS: FieldDef[] = PINTEREST_TARGETING_TYPES.map((type) => ({
  ...dimension(`${TARGETING_FIELD_PREFIX}${snakeId(type)}`, `Targeting: ${humanName(type).toLowerCase()}`, "TEXT", `The ${humanName(type).toLowerCase()} targeting value of the row (targeting_types ${type}).`),
  category: "Targeting breakdown",
}));

export function targetingTypeOf(fieldId: string): string | undefined {
  return PINTEREST_TARGETING_TYPES.find((type) => `${TARGETING_FIELD_PREFIX}${snakeId(type)}` === fieldId);
}

const TIME = [withCategory(ADS_FIELD.date, "Time"), withCategory(ADS_FIELD.hour, "Time")];
const ACCOUNT = [withCategory(ADS_FIELD.account_name, "Ad account"), withCategory(ADS_FIELD.account_currency, "Ad account")];
const DERIVED = [withCategory(ADS_FIELD.average_cpc, "Cost"), withCategory(CPM_FIELD, "Cost")];

export const PINTEREST_CATALOGUE = columnCatalogue("pinterest-ads", PINTEREST_COLUMNS, PINTEREST_REPORTS, DEFAULT_REPORT, {
  help: "Which Pinterest Ads level to read.",
  extraFields: (report) => [...TIME, ...ACCOUNT, ...(report.targeting ? TARGETING_FIELDS : []), ...DERIVED],
});

export const PINTEREST_RULES: CompatibilityRules = {
  limits: [{ fields: TARGETING_FIELDS.map((f) => f.id), max: 1, reason: "Pinterest breaks a report down by one targeting type at a time" }],
};
