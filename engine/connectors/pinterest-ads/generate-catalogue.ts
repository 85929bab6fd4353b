// Writes catalogue.generated.ts from sdk-metadata.json: every column of Pinterest's asynchronous
// ads reports (ReportingColumnAsync), the report levels (MetricsReportingLevel) and the targeting
// breakdowns (AdsAnalyticsTargetingType) of the REST API v5, as published in Pinterest's generated
// OpenAPI client on PyPI (pinterest-generated-client, the client of the official pinterest-api-sdk;
// extracted by scripts/catalogues/extract-sdk-metadata.py). The enums carry names only, so kind,
// type, aggregation and category follow the column naming of Pinterest's reporting docs: _1 paid,
// _2 earned, TOTAL_ both; *_IN_MICRO_DOLLAR in millionths of the ad account's currency; CLICK_ /
// ENGAGEMENT_ / VIEW_ the attribution of a conversion.
//
//   npx tsx engine/connectors/pinterest-ads/generate-catalogue.ts
//
// catalogue.test.ts fails when the committed file differs from what this writes.
import { humanName, snakeId, type CatalogueColumn, type ColumnKind } from "../shared/column-catalogue.js";
import { assertDistinctIds, columnsAndReportsSource, sdkCatalogueFiles, writeWhenRun, type SdkSnapshot } from "../shared/sdk-catalogue.js";

const DOCS = "https://developers.pinterest.com/docs/api/v5/ad_account-analytics-create_report";

export interface PinterestSnapshot extends SdkSnapshot {
  columns: string[];
  levels: string[];
  granularities: string[];
  targetingTypes: string[];
  attributionTypes: string[];
}

/** Ids the catalogue had before it was generated. */
const LEGACY_IDS: Record<string, string> = {
  SPEND_IN_MICRO_DOLLAR: "cost",
  IMPRESSION_1: "impressions",
  CLICKTHROUGH_1: "clicks",
  TOTAL_CONVERSIONS: "conversions",
  TOTAL_CHECKOUT_VALUE_IN_MICRO_DOLLAR: "conversion_value",
  AD_ACCOUNT_ID: "account_id",
};

const LEGACY_NAMES: Record<string, string> = { cost: "Cost", impressions: "Impressions", clicks: "Clicks", conversions: "Conversions", conversion_value: "Conversion value", account_id: "Account ID" };

const DESCRIBED: Record<string, string> = {
  SPEND_IN_MICRO_DOLLAR: "Spend in the ad account's currency.",
  IMPRESSION_1: "Paid impressions.",
  CLICKTHROUGH_1: "Paid pin clicks (clickthroughs).",
  TOTAL_CONVERSIONS: "Conversions of every type, all attributions.",
  TOTAL_CHECKOUT_VALUE_IN_MICRO_DOLLAR: "Value of the checkout conversions in the ad account's currency.",
  AD_ACCOUNT_ID: "Identifier of the ad account.",
  CTR: "Paid clickthroughs divided by paid impressions.",
  TOTAL_IMPRESSION_USER: "People who saw the ads (reach; not additive across days).",
  TOTAL_IMPRESSION_FREQUENCY: "Average impressions per person reached.",
};

/** Per-unit money: cost per click, per thousand impressions, per view, per action. */
const MONEY_PER_UNIT = /^(E?CPC|E?CPM|E?CPV|E?CPCV|ECPE|CPCV_P95|ECPCV_P95)_IN_|COST_PER_/;
const RATE = /(^|_)(CTR|ECTR|RATE)(_\d)?$|_CONVERSION_RATE$|^CTR_2$/;
const ENTITY = /^(AD_ACCOUNT|ADVERTISER|CAMPAIGN|AD_GROUP|PIN_PROMOTION|AD|PIN|PRODUCT_GROUP|ORDER_LINE|STANDARD_AD_FEED_ITEM)_(ID|NAME|STATUS|ENTITY_STATUS|MANAGED_STATUS|OBJECTIVE_TYPE)$|^PIN_ID$/;

export function kindOf(column: string): ColumnKind {
  if (ENTITY.test(column)) return { kind: "dimension", fieldType: "TEXT", aggregation: "NONE" };
  if (/_SPEND_CAP$/.test(column)) return { kind: "metric", fieldType: "CURRENCY", aggregation: "MAX" };
  if (MONEY_PER_UNIT.test(column)) return { kind: "metric", fieldType: "CURRENCY", aggregation: "AVG" };
  if (/_IN_(MICRO_)?DOLLAR$/.test(column)) return { kind: "metric", fieldType: "CURRENCY", aggregation: "SUM" };
  if (RATE.test(column)) return { kind: "metric", fieldType: "PERCENT", aggregation: "AVG" };
  if (/_ROAS$/.test(column)) return { kind: "metric", fieldType: "NUMBER", aggregation: "AVG" };
  if (column === "TOTAL_IMPRESSION_USER") return { kind: "metric", fieldType: "NUMBER", aggregation: "MAX" };
  if (/FREQUENCY|AVG_|AVERAGE_|^VIDEO_LENGTH$/.test(column)) return { kind: "metric", fieldType: "NUMBER", aggregation: "AVG" };
  return { kind: "metric", fieldType: "NUMBER", aggregation: "SUM" };
}

export function categoryOf(column: string, k: ColumnKind): string {
  if (k.kind === "dimension") {
    if (/^(AD_ACCOUNT|ADVERTISER)/.test(column)) return "Ad account";
    if (/^CAMPAIGN/.test(column)) return "Campaign";
    if (/^AD_GROUP/.test(column)) return "Ad group";
    if (/^(PIN_PROMOTION|AD_|PIN_ID)/.test(column)) return "Ad";
    if (/^(PRODUCT_GROUP|STANDARD_AD_FEED)/.test(column)) return "Product";
    return "Order line";
  }
  if (/VIDEO/.test(column)) return "Video";
  if (/SHOWCASE|IDEA_PIN|QUIZ/.test(column)) return "Formats";
  if (/_ACTION_TO_.*_CONVERSION$/.test(column)) return "Conversions: cross-device";
  if (/^(TOTAL_)?(WEB|INAPP|OFFLINE|PINTEREST)_/.test(column)) return "Conversions: by channel";
  if (/CONVERSION|CHECKOUT|SIGNUP|ADD_TO_CART|LEAD|PAGE_VISIT|CUSTOM|SEARCH|WATCH_VIDEO|VIEW_CATEGORY|APP_INSTALL|UNKNOWN|ROAS|WEB_SESSIONS|ONSITE/.test(column)) return "Conversions";
  if (/SPEND|CPC|CPM|COST|CPV|ECPE/.test(column)) return "Cost";
  return "Delivery and engagement";
}

function describe(column: string, k: ColumnKind): string {
  if (DESCRIBED[column]) return DESCRIBED[column];
  const name = humanName(column.replace(/_IN_MICRO_DOLLAR$|_IN_DOLLAR$/, ""));
  const who = /_1$/.test(column) ? " from paid delivery" : /_2$/.test(column) ? " earned after paid delivery" : "";
  const attribution = /_CLICK_/.test(column) ? " attributed to a click" : /_ENGAGEMENT_/.test(column) ? " attributed to an engagement" : /_VIEW_/.test(column) && !/VIEW_CATEGORY/.test(column) ? " attributed to a view" : "";
  if (k.kind === "dimension") return `${name} (report column ${column}).`;
  const unit = k.fieldType === "CURRENCY" ? " in the ad account's currency" : k.fieldType === "PERCENT" ? " as a ratio (0.05 is 5%)" : "";
  return `${name}${who}${attribution}${unit} (report column ${column}).`;
}

export function columnOf(column: string): CatalogueColumn {
  const k = kindOf(column);
  const id = LEGACY_IDS[column] ?? snakeId(column);
  return { column, id, name: LEGACY_NAMES[id] ?? humanName(column.replace(/_IN_MICRO_DOLLAR$/, "")), ...k, category: categoryOf(column, k), description: describe(column, k) };
}

/** The entity columns each level reports (a level reports its own entity and those above it). */
const LEVEL_ENTITIES: Record<string, RegExp> = {
  ADVERTISER: /^(AD_ACCOUNT|ADVERTISER)_/,
  CAMPAIGN: /^(AD_ACCOUNT|ADVERTISER|CAMPAIGN|ORDER_LINE)_/,
  AD_GROUP: /^(AD_ACCOUNT|ADVERTISER|CAMPAIGN|ORDER_LINE|AD_GROUP)_/,
  KEYWORD: /^(AD_ACCOUNT|ADVERTISER|CAMPAIGN|ORDER_LINE|AD_GROUP)_/,
  PIN_PROMOTION: /^(AD_ACCOUNT|ADVERTISER|CAMPAIGN|ORDER_LINE|AD_GROUP|PIN_PROMOTION|AD)_|^PIN_ID$/,
  PRODUCT_GROUP: /^(AD_ACCOUNT|ADVERTISER|CAMPAIGN|ORDER_LINE|AD_GROUP|PRODUCT_GROUP)_/,
  PRODUCT_ITEM: /^(AD_ACCOUNT|ADVERTISER|CAMPAIGN|ORDER_LINE|AD_GROUP|PRODUCT_GROUP|STANDARD_AD_FEED_ITEM)_/,
};

const REPORT_IDS: Record<string, string> = { ADVERTISER: "account", CAMPAIGN: "campaign", AD_GROUP: "ad_group", PIN_PROMOTION: "ad", KEYWORD: "keyword", PRODUCT_GROUP: "product_group", PRODUCT_ITEM: "product_item" };
const REPORT_NAMES: Record<string, string> = { account: "Ad account", campaign: "Campaigns", ad_group: "Ad groups", ad: "Ads (promoted pins)", keyword: "Keywords", product_group: "Product groups", product_item: "Product items" };

export function generatePinterestCatalogue(snapshot: PinterestSnapshot): string {
  const columns = [...snapshot.columns].sort().map(columnOf);
  assertDistinctIds("pinterest-ads", columns);
  const metrics = snapshot.columns.filter((c) => kindOf(c).kind === "metric");
  const reports = snapshot.levels.flatMap((level) => {
    const base = level.replace(/_TARGETING$/, "");
    const id = REPORT_IDS[base];
    if (!id || !LEVEL_ENTITIES[base]) return [];
    const targeting = level.endsWith("_TARGETING");
    const entities = snapshot.columns.filter((c) => kindOf(c).kind === "dimension" && LEVEL_ENTITIES[base].test(c));
    return [
      {
        id: targeting ? `${id}_targeting` : id,
        name: targeting ? `${REPORT_NAMES[id]} by targeting` : REPORT_NAMES[id],
        description: targeting ? `${REPORT_NAMES[id]} broken down by one targeting type (level ${level}).` : `${REPORT_NAMES[id]} performance (level ${level}).`,
        level,
        targeting,
        columns: [...entities, ...metrics],
      },
    ];
  });
  const lines = [
    `// Generated by engine/connectors/pinterest-ads/generate-catalogue.ts from sdk-metadata.json`,
    `// (${snapshot.package} ${snapshot.version}, sha256 ${snapshot.sha256.slice(0, 16)}). Do not edit.`,
    `// Column meanings: ${DOCS}`,
    `import type { CatalogueColumn } from "../shared/column-catalogue.js";`,
    ``,
    `export const PINTEREST_SDK = ${JSON.stringify({ package: snapshot.package, version: snapshot.version })} as const;`,
    ``,
    `export interface PinterestReportType {`,
    `  id: string;`,
    `  name: string;`,
    `  description: string;`,
    `  /** The report level (MetricsReportingLevel). */`,
    `  level: string;`,
    `  /** Whether rows are broken down by a targeting type. */`,
    `  targeting: boolean;`,
    `  columns: readonly string[];`,
    `}`,
    ``,
    `/** The targeting breakdowns (AdsAnalyticsTargetingType) of the *_TARGETING levels. */`,
    `export const PINTEREST_TARGETING_TYPES: readonly string[] = ${JSON.stringify(snapshot.targetingTypes)};`,
    ``,
    ...columnsAndReportsSource({ columns: "PINTEREST_COLUMNS", reports: "PINTEREST_REPORT_TYPES", reportType: "PinterestReportType" }, columns, reports),
  ];
  return lines.join("\n");
}

export const { snapshot: SNAPSHOT_PATH, generated: GENERATED_PATH } = sdkCatalogueFiles(import.meta.url);

writeWhenRun(import.meta.url, generatePinterestCatalogue);
