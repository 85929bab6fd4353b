// Microsoft Advertising reports and their columns: every report request type and column of the
// Reporting service v13, generated from Microsoft's bingads SDK (catalogue.generated.ts, decision
// 0907), plus the hour that TimePeriod carries in hourly reports and the platform's column
// restrictions (https://learn.microsoft.com/en-us/advertising/guides/reports?view=bingads-13#columnrestrictions).
import { dimension } from "../../core/field-defs.js";
import type { FieldDef } from "../../core/types.js";
import { columnCatalogue, fieldOf, type CompatibilityRules } from "../shared/column-catalogue.js";
import { BING_COLUMNS, BING_REPORT_TYPES, type BingReportType } from "./catalogue.generated.js";

export type BingReport = BingReportType;

export const BING_REPORTS: readonly BingReport[] = BING_REPORT_TYPES;
export const DEFAULT_REPORT = "campaign";

const HOUR: FieldDef = { ...dimension("hour", "Hour", "HOUR", "Hour of the day, 0-23, in the account's timezone (TimePeriod of hourly reports)."), category: "Time" };

/** date and hour both come from TimePeriod ("2025-03-01" by day, "2025-03-01|13" by hour). */
const timeFields = (report: BingReport): FieldDef[] => (report.columns.includes("TimePeriod") ? [fieldOf(BING_COLUMNS.TimePeriod), ...(report.hourly ? [HOUR] : [])] : []);

export const BING_CATALOGUE = columnCatalogue("bing-ads", BING_COLUMNS, BING_REPORTS, DEFAULT_REPORT, { help: "Which Microsoft Advertising report to read.", extraFields: timeFields });

/** The report column behind a field id of a report (hour -> TimePeriod). */
export function columnOfField(report: BingReport, fieldId: string): string | undefined {
  if (fieldId === "hour") return "TimePeriod";
  return report.columns.find((c) => BING_COLUMNS[c].id === fieldId);
}

/** The column that anchors every row of a report: the reports that existed before keep theirs. */
export function anchorColumn(report: BingReport): string | undefined {
  const legacy: Record<string, string> = { account: "AccountId", campaign: "CampaignId", ad_group: "AdGroupId" };
  return legacy[report.id] ?? (report.columns.includes("AccountId") ? "AccountId" : undefined);
}

const idsOf = (columns: readonly string[]) => columns.filter((c) => BING_COLUMNS[c]).map((c) => BING_COLUMNS[c].id);

/**
 * "Column Restrictions": impression share statistics are not broken down by the restricted
 * attributes (the CampaignPerformanceReportColumn page: "if you include the
 * AbsoluteTopImpressionRatePercent column, then you may not include restricted attributes such as
 * TopVsOther").
 */
const IMPRESSION_SHARE = Object.keys(BING_COLUMNS).filter((c) => /ImpressionShare|ImpressionLost|ImpressionRatePercent|ClickSharePercent/.test(c));
const RESTRICTED_ATTRIBUTES = ["AdDistribution", "BidMatchType", "DeliveredMatchType", "DeviceOS", "TopVsOther"];

export const BING_RULES: CompatibilityRules = {
  exclusions: [
    {
      when: idsOf(IMPRESSION_SHARE),
      excludes: idsOf(RESTRICTED_ATTRIBUTES),
      reason: "Microsoft Advertising does not break impression share statistics down by ad distribution, match type, device OS or top vs. other",
    },
  ],
};
