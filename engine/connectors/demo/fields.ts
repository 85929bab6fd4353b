import type { ConfigField, FieldDef, ReportDef } from "../../core/types.js";

export const DEMO_REPORTS: ReportDef[] = [
  { id: "campaigns", name: "Campaigns", description: "Ads performance by account, campaign and ad group, by day or hour." },
  { id: "ecommerce", name: "E-commerce", description: "Orders, revenue and items sold by product." },
];

export const DEFAULT_REPORT = "campaigns";

const dim = (id: string, name: string, fieldType: FieldDef["fieldType"], description: string): FieldDef => ({
  id,
  name,
  description,
  type: "dimension",
  fieldType,
  aggregation: "NONE",
});
const metric = (id: string, name: string, fieldType: FieldDef["fieldType"], aggregation: FieldDef["aggregation"], description: string): FieldDef => ({
  id,
  name,
  description,
  type: "metric",
  fieldType,
  aggregation,
});

const COMMON_DIMENSIONS: FieldDef[] = [
  dim("date", "Date", "YEAR_MONTH_DAY", "Day in the account's timezone."),
  dim("hour", "Hour", "HOUR", "Hour of the day (0-23) in the account's timezone."),
  dim("account_id", "Account ID", "TEXT", "Identifier of the ad account."),
  dim("account_name", "Account name", "TEXT", "Name of the ad account."),
];

export const DEMO_FIELDS: Record<string, FieldDef[]> = {
  campaigns: [
    ...COMMON_DIMENSIONS,
    dim("campaign_id", "Campaign ID", "TEXT", "Identifier of the campaign."),
    dim("campaign_name", "Campaign name", "TEXT", "Name of the campaign."),
    dim("campaign_status", "Campaign status", "TEXT", "ENABLED or PAUSED."),
    dim("ad_group_id", "Ad group ID", "TEXT", "Identifier of the ad group."),
    dim("ad_group_name", "Ad group name", "TEXT", "Name of the ad group."),
    metric("impressions", "Impressions", "NUMBER", "SUM", "Times an ad was shown."),
    metric("clicks", "Clicks", "NUMBER", "SUM", "Clicks on ads."),
    metric("cost", "Cost", "CURRENCY", "SUM", "Spend in the account's currency."),
    metric("conversions", "Conversions", "NUMBER", "SUM", "Conversions attributed to ads."),
    metric("conversion_value", "Conversion value", "CURRENCY", "SUM", "Value of the conversions in the account's currency."),
    metric("ctr", "CTR", "PERCENT", "AVG", "Clicks divided by impressions (a ratio: 0.05 is 5%)."),
    metric("cpc", "CPC", "CURRENCY", "AVG", "Cost divided by clicks."),
  ],
  ecommerce: [
    ...COMMON_DIMENSIONS,
    dim("order_id", "Order ID", "TEXT", "Identifier of the order."),
    dim("product", "Product", "TEXT", "Product name."),
    dim("product_category", "Product category", "TEXT", "Category of the product."),
    metric("orders", "Orders", "NUMBER", "COUNT_DISTINCT", "Distinct orders."),
    metric("revenue", "Revenue", "CURRENCY", "SUM", "Revenue in the account's currency."),
    metric("items", "Items", "NUMBER", "SUM", "Units sold."),
  ],
};

export const DEMO_CONFIG_FIELDS: ConfigField[] = [
  {
    id: "report",
    name: "Report",
    helpText: "Which demo report to read.",
    allowedMultiple: false,
    values: DEMO_REPORTS.map((r) => ({ value: r.id, label: r.name })),
    default: DEFAULT_REPORT,
    type: "multiple",
  },
];
