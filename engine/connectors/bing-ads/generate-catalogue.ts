// Writes catalogue.generated.ts from sdk-metadata.json: every report request type of the
// Microsoft Advertising Reporting service (v13) and every column of its ReportColumn value set,
// as published in the WSDL shipped by Microsoft's official `bingads` SDK on PyPI (extracted by
// scripts/catalogues/extract-sdk-metadata.py). The WSDL names the columns but says nothing of their
// meaning, so the kind, type, aggregation and category of each column follow the naming rules of
// the Reporting service's "Report attributes and performance statistics" page, written below.
//
//   npx tsx engine/connectors/bing-ads/generate-catalogue.ts
//
// catalogue.generated.test.ts fails when the committed file differs from what this writes.
import type { Aggregation, FieldType } from "../../core/types.js";
import { humanName, snakeId, type CatalogueColumn, type ColumnKind } from "../shared/column-catalogue.js";
import { assertDistinctIds, columnsAndReportsSource, sdkCatalogueFiles, writeWhenRun, type SdkSnapshot } from "../shared/sdk-catalogue.js";

const DOCS = "https://learn.microsoft.com/en-us/advertising/reporting-service/reporting-value-sets?view=bingads-13";

export interface BingSnapshot extends SdkSnapshot {
  reports: Record<string, { columns: string[]; aggregations: string[]; time: boolean; scope: string | null }>;
}

/** Ids the catalogue had before it was generated, kept so saved jobs, alerts and dashboards still find them. */
const LEGACY_IDS: Record<string, string> = {
  TimePeriod: "date",
  Spend: "cost",
  Revenue: "conversion_value",
  CurrencyCode: "account_currency",
  Date: "date",
};

/** Short descriptions of the columns people pick most; the others get one from the rules below. */
const DESCRIBED: Record<string, string> = {
  TimePeriod: "Day in the account's timezone (TimePeriod).",
  Impressions: "Times an ad was shown.",
  Clicks: "Clicks on ads.",
  Spend: "Spend in the account's currency.",
  Ctr: "Clicks divided by impressions (a ratio: 0.05 is 5%).",
  AverageCpc: "Spend divided by clicks.",
  AverageCpm: "Spend per thousand impressions.",
  AveragePosition: "Average position of the ad on the results page (deprecated by Microsoft, may be empty).",
  Conversions: "Conversions attributed to the day of the click.",
  ConversionsQualified: "Conversions counted once per goal rules (qualified conversions).",
  ConversionRate: "Conversions divided by clicks.",
  CostPerConversion: "Spend divided by conversions.",
  Revenue: "Revenue of the conversions.",
  RevenuePerConversion: "Revenue divided by conversions.",
  ReturnOnAdSpend: "Revenue divided by spend.",
  AllConversions: "Conversions of every goal, including those excluded from Conversions.",
  AllRevenue: "Revenue of all conversions, including goals excluded from Conversions.",
  ViewThroughConversions: "Conversions after an impression without a click.",
  Assists: "Times an ad contributed to a conversion that another ad got credit for.",
  ImpressionSharePercent: "Impressions received divided by the impressions the ads were eligible for.",
  ImpressionLostToBudgetPercent: "Share of eligible impressions lost because the budget was used up.",
  ImpressionLostToRankAggPercent: "Share of eligible impressions lost to ad rank.",
  ClickSharePercent: "Clicks received divided by the clicks the ads could have received.",
  QualityScore: "Microsoft's 1-10 rating of the keyword's relevance for the period's last day.",
  AccountId: "Identifier of the ad account.",
  AccountName: "Name of the ad account.",
  AccountNumber: "Number of the ad account as shown in the web application (F1234567).",
  CampaignId: "Identifier of the campaign.",
  CampaignName: "Name of the campaign.",
  CampaignStatus: "Active, Paused, Deleted, ...",
  CampaignType: "Search, Shopping, Audience, Performance max, ...",
  AdGroupId: "Identifier of the ad group.",
  AdGroupName: "Name of the ad group.",
  CurrencyCode: "ISO 4217 currency of the account's money columns.",
  DeviceType: "Computer, Smartphone or Tablet.",
  Network: "Microsoft sites and select traffic, syndicated search partners, audience network.",
  SearchQuery: "The search term a user typed that triggered the ad.",
  Keyword: "The keyword that matched the search.",
  BidMatchType: "The keyword's match type as bid (Exact, Phrase, Broad).",
  DeliveredMatchType: "The match type the search actually matched with.",
  TopVsOther: "Whether the ad was shown in the mainline (top) or elsewhere on the page.",
};

const metric = (fieldType: FieldType, aggregation: Aggregation): ColumnKind => ({ kind: "metric", fieldType, aggregation });
const dim = (fieldType: FieldType = "TEXT"): ColumnKind => ({ kind: "dimension", fieldType, aggregation: "NONE" });

/** Quality ratings reported for the last day of the period: numbers, averaged when rows are combined. */
const QUALITY = /^(Historical)?(QualityScore|ExpectedCtr|AdRelevance|LandingPageExperience)$|^QualityImpact$/;
/** Percentages (Bing writes them as "2.50%" or 2.50): kept as ratios, 0.025. */
const PERCENT = /Percent$|Rate$|^(Ctr|Ptr|RelativeCtr|BenchmarkCtr|ImpressionShare|ClickShare|ProportionOfSpend|MarketplaceClickCoverage|WebsiteCoverage|TargetImpressionShare|AvgTargetImpressionShare)$|ReturnOnAdSpend$|^ROAS$|Roas$|^(MoM|WoW|YoY)/;
/** Money per unit: averaged per row combination (cost per click, per conversion, bids). */
const MONEY_RATIO = /^(Average(Cpc|Cpm|CPV)|Cpc|CPI|CPP|CPS|NewCustomerCPA|BenchmarkBid|CurrentMaxCpc|FirstPageBid|Mainline1?Bid|TargetCPA|AvgTargetCPA)$|^CostPer|CostPerConversion$|RevenuePer/;
/** Money summed across rows. */
const MONEY = /Spend$|Revenue$|^(ExtendedCost|MonthlyBudget)$/;
/** Counts summed across rows. */
const COUNT =
  /Impressions$|Clicks$|Conversions$|ConversionsQualified$|^(Assists|PhoneCalls|CompletedVideoViews|VideoViews|Installs|AppInstalls|Downloads|Purchases|Subscriptions|Sales|QuantityBought|NewCustomerCount|SearchVolume|NumOfCampaigns|SearchesIndexed|ClicksIndexed|SearchesPeakWeek|ClicksPeakWeek|BookedLengthOfStay|TotalClicksOnAdElements)$|^VideoViewsAt\d+Percent$|^MissedImpressions|^MatchedProducts/;
const AVERAGE = /^(AveragePosition|AverageWatchTimePerImpression|AverageWatchTimePerVideoView|AvgBookedABW|AvgBookedNights|BookedABW)$/;

export function kindOf(column: string): ColumnKind {
  if (column === "TotalWatchTimeInMS") return metric("NUMBER", "SUM");
  if (column === "Duration") return metric("DURATION", "SUM");
  if (QUALITY.test(column)) return metric("NUMBER", "AVG");
  if (/^VideoViewsAt\d+Percent$/.test(column)) return metric("NUMBER", "SUM");
  if (PERCENT.test(column)) return metric("PERCENT", "AVG");
  if (MONEY_RATIO.test(column)) return metric("CURRENCY", "AVG");
  if (column === "MonthlyBudget") return metric("CURRENCY", "MAX");
  if (MONEY.test(column)) return metric("CURRENCY", "SUM");
  if (AVERAGE.test(column)) return metric("NUMBER", "AVG");
  if (COUNT.test(column)) return metric("NUMBER", "SUM");
  if (column === "TimePeriod" || column === "Date" || column === "WeekStartingMonday" || column === "CheckInDate") return dim("YEAR_MONTH_DAY");
  if (/^(DateTime|StartTime|EndTime)$/.test(column)) return dim("DATETIME");
  if (/Url$|^(FinalUrl|DestinationUrl|DisplayUrl|Image|Logo)$/.test(column)) return dim("URL");
  if (/^(Country|CountryName|UserCountry|CountryOfSale|POSCountry|QueryIntentCountry)$/.test(column)) return dim("COUNTRY");
  if (/^(City|POSCity|QueryIntentCity)$/.test(column)) return dim("CITY");
  if (/^(State|Region|POSRegion|QueryIntentState)$/.test(column)) return dim("REGION");
  if (column === "Price" || column === "BidAdjustment" || column === "Radius" || column === "StarRating" || column === "LengthOfStay" || column === "AdvancedBookingWindow" || column === "PageNumber" || column === "ConversionDelay")
    return dim(column === "Price" ? "CURRENCY" : "NUMBER");
  return dim();
}

/** The picker group of a column, in the order a marketer looks for them. */
export function categoryOf(column: string, k: ColumnKind): string {
  if (k.kind === "metric") {
    if (QUALITY.test(column)) return "Quality score";
    if (/ImpressionShare|ImpressionLost|ClickShare|ImpressionRate|TopImpression|AbsoluteTop|MissedImpressions|EligibleImpressions|^ImpressionShare$|SharePercent$/.test(column)) return "Competitive metrics";
    if (/Video|WatchTime/.test(column)) return "Video";
    if (/LowQuality/.test(column)) return "Invalid traffic";
    if (/NewCustomer|UnknownCustomer/.test(column)) return "New customer acquisition";
    if (/Conversion|Revenue|ReturnOnAdSpend|ROAS|Assist|Install|Download|Purchase|Subscription|Sales|CPA|CPI|CPP|CPS|Roas/i.test(column)) return "Conversions";
    if (/Bid|Budget|Target/.test(column)) return "Bids and budget";
    if (/Search(es|Volume)|Clicks(Indexed|PeakWeek)|^(MoM|WoW|YoY)/.test(column)) return "Search insights";
    return "Performance";
  }
  if (/^(TimePeriod|Date|DateTime|WeekStartingMonday|StartTime|EndTime)$/.test(column)) return "Time";
  if (/^(Account|Customer|CurrencyCode|Currency$|TimeZone)/.test(column)) return "Account";
  if (/^(Campaign|BaseCampaign|BudgetName|BudgetStatus|BudgetAssociation|BidStrategy|PortfolioBid)/.test(column)) return "Campaign";
  if (/^(AdGroup|AssetGroup)/.test(column)) return "Ad group";
  if (/^(Keyword|NegativeKeyword|BidMatchType|DeliveredMatchType|SearchQuery|Search)/.test(column)) return "Keyword and search term";
  if (/^(Ad|Headline|Description|Title|Path|Param|FinalUrl|FinalMobileUrl|FinalAppUrl|DisplayUrl|DestinationUrl|TrackingTemplate|CustomParameters|LongHeadline|Image|Logo|Asset|Combination|LandingPage)/.test(column)) return "Ad";
  if (/Country|City|State|Region|County|Metro|Postal|Neighborhood|Location|QueryIntent|Radius|ProximityTarget|AreaCode/.test(column)) return "Geography";
  if (/^(Age|Gender|Audience|Industry|Job|Company|LinkedIn|CustomLinkedIn)/.test(column)) return "Audience";
  if (/Product|Brand|GTIN|MPN|Merchant|Category|CustomLabel|Offer|Condition|Price|Seller|StoreId|LocalStoreCode|PartitionType|Feed/.test(column)) return "Product";
  if (/Hotel|CheckIn|LengthOfStay|AdvancedBookingWindow|StarRating|POS|Booked|DateType|SiteType/.test(column)) return "Hotel";
  if (/^(DeviceType|DeviceOS|Network|TopVsOther|AdDistribution|Language|PageNumber|ClickType|Publisher|App|Channel|SubChannel)/.test(column)) return "Segments";
  return "Attributes";
}

function describe(column: string, k: ColumnKind): string {
  if (DESCRIBED[column]) return DESCRIBED[column];
  const words = humanName(column).toLowerCase();
  if (k.kind === "dimension") return `The ${words} of the row (report column ${column}).`;
  if (k.fieldType === "PERCENT") return `${humanName(column)} as a ratio (0.05 is 5%; report column ${column}).`;
  if (k.fieldType === "CURRENCY") return `${humanName(column)} in the account's currency (report column ${column}).`;
  return `${humanName(column)} (report column ${column}).`;
}

export function columnOf(column: string): CatalogueColumn {
  const k = kindOf(column);
  const id = LEGACY_IDS[column] ?? snakeId(column);
  const name = column === "TimePeriod" ? "Date" : column === "Spend" ? "Cost" : column === "Revenue" ? "Conversion value" : column === "CurrencyCode" ? "Account currency" : humanName(column);
  return { column, id, name, ...k, category: categoryOf(column, k), description: describe(column, k) };
}

/** "KeywordPerformanceReportRequest" -> "keyword"; the three reports that existed keep their ids. */
export function reportIdOf(requestType: string): string {
  return snakeId(requestType.replace(/ReportRequest$/, "").replace(/Performance$/, ""));
}

export function reportNameOf(requestType: string): string {
  const base = requestType.replace(/ReportRequest$/, "");
  return `${humanName(base.replace(/Performance$/, ""))}${/Performance$/.test(base) ? " performance" : ""}`;
}

export function generateBingCatalogue(snapshot: BingSnapshot): string {
  const names = new Set<string>();
  for (const r of Object.values(snapshot.reports)) for (const c of r.columns) names.add(c);
  const columns = [...names].sort().map(columnOf);
  // Only the date columns share an id, and never in the same report.
  assertDistinctIds("bing-ads", columns, (id) => id === "date");
  const reports = Object.entries(snapshot.reports).map(([requestType, r]) => ({
    id: reportIdOf(requestType),
    name: reportNameOf(requestType),
    description: `The ${reportNameOf(requestType)} report (${requestType}).`,
    requestType,
    columns: r.columns,
    aggregated: r.aggregations.length > 0,
    hourly: r.aggregations.includes("Hourly") && r.columns.includes("TimePeriod"),
    time: r.time,
  }));
  const lines = [
    `// Generated by engine/connectors/bing-ads/generate-catalogue.ts from sdk-metadata.json`,
    `// (${snapshot.package} ${snapshot.version}, ${snapshot.source}, sha256 ${snapshot.sha256.slice(0, 16)}). Do not edit.`,
    `// Column meanings: ${DOCS}`,
    `import type { CatalogueColumn } from "../shared/column-catalogue.js";`,
    ``,
    `export const BING_SDK = ${JSON.stringify({ package: snapshot.package, version: snapshot.version })} as const;`,
    ``,
    `export interface BingReportType {`,
    `  id: string;`,
    `  name: string;`,
    `  description: string;`,
    `  /** The ReportRequest type (the JSON "Type" discriminator). */`,
    `  requestType: string;`,
    `  columns: readonly string[];`,
    `  /** Whether the request takes an Aggregation (Summary, Daily, Hourly, ...). */`,
    `  aggregated: boolean;`,
    `  hourly: boolean;`,
    `  /** Whether the request takes a Time (date range). */`,
    `  time: boolean;`,
    `}`,
    ``,
    ...columnsAndReportsSource({ columns: "BING_COLUMNS", reports: "BING_REPORT_TYPES", reportType: "BingReportType" }, columns, reports),
  ];
  return lines.join("\n");
}

export const { snapshot: SNAPSHOT_PATH, generated: GENERATED_PATH } = sdkCatalogueFiles(import.meta.url);

writeWhenRun(import.meta.url, generateBingCatalogue);
