// Amazon Ads Reporting v3 reports (report type + groupBy) and their fields, over the columns
// transcribed in catalogue.data.ts (decision 0907). Conversions follow the console: 7-day
// attribution for Sponsored Products, 14-day (the only window the report offers) for Sponsored
// Brands and Display.
import type { FieldDef, ReportDef } from "../../core/types.js";
import { ADS_FIELD, describedAs } from "../shared/ads-fields.js";
import { fieldOf } from "../shared/column-catalogue.js";
import { AMAZON_COLUMNS, AMAZON_REPORT_TYPES, type AmazonReportType } from "./catalogue.data.js";

export interface AmazonField {
  def: FieldDef;
  /** The report column; absent for values the connector fills from the profile or derives. */
  column?: string;
}

export type AmazonReport = AmazonReportType & ReportDef;

export const AMAZON_REPORTS: AmazonReport[] = AMAZON_REPORT_TYPES.map((r) => ({ ...r, description: `${r.name} by day (${r.reportTypeId}, groupBy ${r.groupBy}).` }));

export const REPORT_HELP = "Which Amazon Ads ad product and level to read.";

const withCategory = (def: FieldDef, category: string): FieldDef => ({ ...def, category });

const PROFILE: AmazonField[] = [
  { def: withCategory(ADS_FIELD.date, "Time"), column: "date" },
  { def: withCategory(describedAs(ADS_FIELD.account_id, "Advertising profile ID (one marketplace of a seller, vendor or agency account)."), "Profile") },
  { def: withCategory(describedAs(ADS_FIELD.account_name, "Name of the advertiser account behind the profile, with its country."), "Profile") },
];

const DERIVED: AmazonField[] = [{ def: withCategory(ADS_FIELD.ctr, "Delivery") }, { def: withCategory(ADS_FIELD.average_cpc, "Cost") }];

export const AMAZON_FIELDS: Record<string, AmazonField[]> = Object.fromEntries(
  AMAZON_REPORTS.map((r) => [r.id, [...PROFILE, ...r.columns.map((c) => ({ def: fieldOf(AMAZON_COLUMNS[r.adProduct][c]), column: c })), ...DERIVED]]),
);
