// Amazon Ads Reporting v3 report types, their group-bys and columns, transcribed from the
// report-type pages of the Reporting v3 guide (https://advertising.amazon.com/API/docs/en-us/guides/reporting/v3/report-types/overview
// and the Sponsored Products, Sponsored Brands and Sponsored Display pages under it), as read in
// November 2026. Amazon publishes these lists in its documentation only (no official SDK
// enumerates them), so this table is the catalogue (decision 0907). A report type's columns are
// its base metrics plus the dimensions of the chosen groupBy.
import { transcribedColumns, type ColumnSpec } from "../shared/column-catalogue.js";

export const AMAZON_DOCS = { url: "https://advertising.amazon.com/API/docs/en-us/guides/reporting/v3/report-types/overview", version: "Reporting v3", read: "2026-11" } as const;

const WINDOWS = [1, 7, 14, 30];

/** Sponsored Products: conversions in 1, 7, 14 and 30-day click windows. */
const SP_METRICS: ColumnSpec[] = [
  ["impressions", "n", "Delivery", "Times the ads were shown."],
  ["clicks", "n", "Delivery", "Clicks on the ads."],
  ["cost", "m", "Cost", "Spend in the profile's currency."],
  ["spend", "m", "Cost", "Spend in the profile's currency (same as cost)."],
  ["costPerClick", "mu", "Cost", "Cost divided by clicks."],
  ["clickThroughRate", "p", "Delivery", "Clicks divided by impressions."],
  ["topOfSearchImpressionShare", "p", "Delivery", "Share of the top-of-search impressions the campaign won."],
  ...WINDOWS.flatMap((d): ColumnSpec[] => [
    [`purchases${d}d`, "n", "Conversions", `Orders within ${d} days of an ad click.`, ...(d === 7 ? (["conversions", "Conversions"] as const) : d === 14 ? (["purchases_14d", "Purchases (14 days)"] as const) : [])] as ColumnSpec,
    [`purchasesSameSku${d}d`, "n", "Conversions", `Orders of the advertised SKU within ${d} days of an ad click.`],
    [`unitsSoldClicks${d}d`, "n", "Conversions", `Units ordered within ${d} days of an ad click.`, ...(d === 7 ? (["units_sold_7d", "Units sold (7 days)"] as const) : [])] as ColumnSpec,
    [`unitsSoldSameSku${d}d`, "n", "Conversions", `Units of the advertised SKU ordered within ${d} days.`],
    [`sales${d}d`, "m", "Conversions", `Sales within ${d} days of an ad click.`, ...(d === 7 ? (["conversion_value", "Conversion value"] as const) : d === 14 ? (["sales_14d", "Sales (14 days)"] as const) : [])] as ColumnSpec,
    [`attributedSalesSameSku${d}d`, "m", "Conversions", `Sales of the advertised SKU within ${d} days.`],
  ]),
  ["acosClicks7d", "p", "Conversions", "Cost divided by 7-day sales."],
  ["acosClicks14d", "p", "Conversions", "Cost divided by 14-day sales."],
  ["roasClicks7d", "a", "Conversions", "7-day sales divided by cost."],
  ["roasClicks14d", "a", "Conversions", "14-day sales divided by cost."],
  ["salesOtherSku7d", "m", "Conversions", "Sales of other SKUs within 7 days (halo)."],
  ["unitsSoldOtherSku7d", "n", "Conversions", "Units of other SKUs within 7 days (halo)."],
  ["kindleEditionNormalizedPagesRead14d", "n", "Kindle", "Kindle pages read within 14 days."],
  ["kindleEditionNormalizedPagesRoyalties14d", "m", "Kindle", "Royalties of the Kindle pages read within 14 days."],
  ["qualifiedBorrows", "n", "Kindle", "Kindle Unlimited borrows."],
  ["royaltyQualifiedBorrows", "m", "Kindle", "Royalties of Kindle Unlimited borrows."],
  ["addToList", "n", "Conversions", "Additions to a list."],
];

/** Sponsored Brands: 14-day attribution, new-to-brand and video metrics. */
const SB_METRICS: ColumnSpec[] = [
  ["impressions", "n", "Delivery", "Times the ads were shown."],
  ["clicks", "n", "Delivery", "Clicks on the ads."],
  ["cost", "m", "Cost", "Spend in the profile's currency."],
  ["purchases", "n", "Conversions", "Orders within 14 days of an ad click or view.", "conversions", "Conversions"],
  ["purchasesClicks", "n", "Conversions", "Orders within 14 days of an ad click."],
  ["purchasesPromoted", "n", "Conversions", "Orders of the promoted products."],
  ["sales", "m", "Conversions", "Sales within 14 days.", "conversion_value", "Conversion value"],
  ["salesClicks", "m", "Conversions", "Sales within 14 days of an ad click."],
  ["salesPromoted", "m", "Conversions", "Sales of the promoted products."],
  ["unitsSold", "n", "Conversions", "Units ordered within 14 days.", "units_sold", "Units sold"],
  ["unitsSoldClicks", "n", "Conversions", "Units ordered within 14 days of an ad click."],
  ["newToBrandPurchases", "n", "New to brand", "First orders of a customer from the brand in a year."],
  ["newToBrandPurchasesClicks", "n", "New to brand"],
  ["newToBrandPurchasesPercentage", "p", "New to brand"],
  ["newToBrandPurchasesRate", "p", "New to brand"],
  ["newToBrandSales", "m", "New to brand"],
  ["newToBrandSalesClicks", "m", "New to brand"],
  ["newToBrandSalesPercentage", "p", "New to brand"],
  ["newToBrandUnitsSold", "n", "New to brand"],
  ["newToBrandUnitsSoldClicks", "n", "New to brand"],
  ["newToBrandUnitsSoldPercentage", "p", "New to brand"],
  ["newToBrandDetailPageViews", "n", "New to brand"],
  ["newToBrandDetailPageViewsClicks", "n", "New to brand"],
  ["newToBrandDetailPageViewRate", "p", "New to brand"],
  ["newToBrandECPDetailPageView", "mu", "New to brand"],
  ["detailPageViews", "n", "Engagement", "Product detail page views."],
  ["detailPageViewsClicks", "n", "Engagement"],
  ["addToCart", "n", "Engagement", "Additions to cart."],
  ["addToCartClicks", "n", "Engagement"],
  ["addToCartRate", "p", "Engagement"],
  ["eCPAddToCart", "mu", "Engagement", "Cost per addition to cart."],
  ["brandedSearches", "n", "Engagement", "Searches for the brand after the ad."],
  ["brandedSearchesClicks", "n", "Engagement"],
  ["video5SecondViews", "n", "Video", "Views of at least 5 seconds."],
  ["video5SecondViewRate", "p", "Video"],
  ["videoFirstQuartileViews", "n", "Video"],
  ["videoMidpointViews", "n", "Video"],
  ["videoThirdQuartileViews", "n", "Video"],
  ["videoCompleteViews", "n", "Video"],
  ["videoUnmutes", "n", "Video"],
  ["viewableImpressions", "n", "Delivery", "Impressions that met the viewability standard."],
  ["viewabilityRate", "p", "Delivery"],
  ["viewClickThroughRate", "p", "Delivery"],
  ["topOfSearchImpressionShare", "p", "Delivery"],
  ["kindleEditionNormalizedPagesRead14d", "n", "Kindle"],
  ["kindleEditionNormalizedPagesRoyalties14d", "m", "Kindle"],
  ["qualifiedBorrows", "n", "Kindle"],
  ["royaltyQualifiedBorrows", "m", "Kindle"],
  ["addToList", "n", "Conversions"],
];

/** Sponsored Display: click and view attribution, reach. */
const SD_METRICS: ColumnSpec[] = [
  ["impressions", "n", "Delivery", "Times the ads were shown."],
  ["impressionsViews", "n", "Delivery", "Viewable impressions."],
  ["clicks", "n", "Delivery", "Clicks on the ads."],
  ["cost", "m", "Cost", "Spend in the profile's currency."],
  ["purchases", "n", "Conversions", "Orders within 14 days of an ad click or view.", "conversions", "Conversions"],
  ["purchasesClicks", "n", "Conversions"],
  ["purchasesPromotedClicks", "n", "Conversions"],
  ["sales", "m", "Conversions", "Sales within 14 days.", "conversion_value", "Conversion value"],
  ["salesClicks", "m", "Conversions"],
  ["salesPromotedClicks", "m", "Conversions"],
  ["unitsSold", "n", "Conversions", "Units ordered within 14 days.", "units_sold", "Units sold"],
  ["unitsSoldClicks", "n", "Conversions"],
  ["newToBrandPurchases", "n", "New to brand"],
  ["newToBrandPurchasesClicks", "n", "New to brand"],
  ["newToBrandSales", "m", "New to brand"],
  ["newToBrandSalesClicks", "m", "New to brand"],
  ["newToBrandUnitsSold", "n", "New to brand"],
  ["newToBrandUnitsSoldClicks", "n", "New to brand"],
  ["newToBrandDetailPageViews", "n", "New to brand"],
  ["newToBrandDetailPageViewClicks", "n", "New to brand"],
  ["newToBrandDetailPageViewViews", "n", "New to brand"],
  ["newToBrandDetailPageViewRate", "p", "New to brand"],
  ["newToBrandECPDetailPageView", "mu", "New to brand"],
  ["detailPageViews", "n", "Engagement"],
  ["detailPageViewsClicks", "n", "Engagement"],
  ["addToCart", "n", "Engagement"],
  ["addToCartClicks", "n", "Engagement"],
  ["addToCartViews", "n", "Engagement"],
  ["addToCartRate", "p", "Engagement"],
  ["eCPAddToCart", "mu", "Engagement"],
  ["brandedSearches", "n", "Engagement"],
  ["brandedSearchesClicks", "n", "Engagement"],
  ["brandedSearchesViews", "n", "Engagement"],
  ["brandedSearchRate", "p", "Engagement"],
  ["eCPBrandSearch", "mu", "Engagement"],
  ["videoFirstQuartileViews", "n", "Video"],
  ["videoMidpointViews", "n", "Video"],
  ["videoThirdQuartileViews", "n", "Video"],
  ["videoCompleteViews", "n", "Video"],
  ["videoUnmutes", "n", "Video"],
  ["viewabilityRate", "p", "Delivery"],
  ["viewClickThroughRate", "p", "Delivery"],
  ["cumulativeReach", "u", "Delivery", "Unique people reached; not additive across days."],
  ["impressionsFrequencyAverage", "a", "Delivery", "Average impressions per person reached."],
  ["leadFormOpens", "n", "Leads"],
  ["leads", "n", "Leads"],
  ["linkOuts", "n", "Engagement", "Clicks to a landing page off Amazon."],
  ["qualifiedBorrows", "n", "Kindle"],
  ["royaltyQualifiedBorrows", "m", "Kindle"],
  ["addToList", "n", "Conversions"],
];

/** The dimensions of each groupBy (shared by the products that offer it). */
const CAMPAIGN: ColumnSpec[] = [
  ["campaignId", "d", "Campaign", "Identifier of the campaign.", "campaign_id", "Campaign ID"],
  ["campaignName", "d", "Campaign", "Name of the campaign.", "campaign_name", "Campaign name"],
  ["campaignStatus", "d", "Campaign", "ENABLED, PAUSED or ARCHIVED.", "campaign_status", "Campaign status"],
  ["campaignBudgetAmount", "d", "Campaign", "The campaign budget."],
  ["campaignBudgetType", "d", "Campaign"],
  ["campaignBudgetCurrencyCode", "d", "Campaign"],
  ["campaignRuleBasedBudgetAmount", "d", "Campaign"],
  ["campaignApplicableBudgetRuleId", "d", "Campaign"],
  ["campaignApplicableBudgetRuleName", "d", "Campaign"],
  ["campaignBiddingStrategy", "d", "Campaign"],
];
const AD_GROUP: ColumnSpec[] = [
  ["adGroupId", "d", "Ad group", "Identifier of the ad group."],
  ["adGroupName", "d", "Ad group", "Name of the ad group."],
  ["adStatus", "d", "Ad group"],
];
const PLACEMENT: ColumnSpec[] = [["placementClassification", "d", "Placement", "Top of search, rest of search, product pages."]];
const TARGETING: ColumnSpec[] = [
  ["keywordId", "d", "Targeting"],
  ["keyword", "d", "Targeting", "The keyword text."],
  ["keywordType", "d", "Targeting"],
  ["matchType", "d", "Targeting", "BROAD, PHRASE, EXACT or a targeting expression type."],
  ["targeting", "d", "Targeting", "The targeting expression."],
  ["keywordBid", "d", "Targeting"],
  ["adKeywordStatus", "d", "Targeting"],
];
const SEARCH_TERM: ColumnSpec[] = [["searchTerm", "d", "Search term", "What the shopper searched for."]];
const ADVERTISED: ColumnSpec[] = [
  ["advertisedAsin", "d", "Product", "ASIN of the advertised product."],
  ["advertisedSku", "d", "Product", "SKU of the advertised product."],
  ["adId", "d", "Ad"],
];
const PURCHASED: ColumnSpec[] = [
  ["purchasedAsin", "d", "Product", "ASIN of the product bought after the ad."],
  ["productName", "d", "Product"],
  ["productCategory", "d", "Product"],
];
const SD_TARGETING: ColumnSpec[] = [
  ["targetingId", "d", "Targeting"],
  ["targetingExpression", "d", "Targeting"],
  ["targetingText", "d", "Targeting"],
];
const MATCHED: ColumnSpec[] = [["matchedTargetAsin", "d", "Targeting", "ASIN whose page showed the ad."]];
const PROMOTED: ColumnSpec[] = [
  ["promotedAsin", "d", "Product"],
  ["promotedSku", "d", "Product"],
  ["adId", "d", "Ad"],
];

const DIMENSIONS = [...CAMPAIGN, ...AD_GROUP, ...PLACEMENT, ...TARGETING, ...SEARCH_TERM, ...ADVERTISED.filter((c) => c[0] !== "adId"), ...PURCHASED, ...SD_TARGETING, ...MATCHED, ...PROMOTED];
const names = (specs: readonly ColumnSpec[]) => specs.map((s) => s[0]);

export const AMAZON_COLUMNS = {
  SPONSORED_PRODUCTS: transcribedColumns([...DIMENSIONS, ...SP_METRICS], "amazon-ads sp"),
  SPONSORED_BRANDS: transcribedColumns([...DIMENSIONS, ...SB_METRICS], "amazon-ads sb"),
  SPONSORED_DISPLAY: transcribedColumns([...DIMENSIONS, ...SD_METRICS], "amazon-ads sd"),
} as const;

export type AdProduct = keyof typeof AMAZON_COLUMNS;

export interface AmazonReportType {
  id: string;
  name: string;
  adProduct: AdProduct;
  reportTypeId: string;
  groupBy: string;
  /** The report's columns: the groupBy's dimensions and the product's metrics. */
  columns: string[];
}

const report = (id: string, name: string, adProduct: AdProduct, reportTypeId: string, groupBy: string, dims: readonly ColumnSpec[]): AmazonReportType => ({
  id,
  name,
  adProduct,
  reportTypeId,
  groupBy,
  columns: [...names(dims), ...names(adProduct === "SPONSORED_PRODUCTS" ? SP_METRICS : adProduct === "SPONSORED_BRANDS" ? SB_METRICS : SD_METRICS)],
});

export const AMAZON_REPORT_TYPES: AmazonReportType[] = [
  report("sp_campaigns", "Sponsored Products campaigns", "SPONSORED_PRODUCTS", "spCampaigns", "campaign", CAMPAIGN),
  report("sp_ad_groups", "Sponsored Products ad groups", "SPONSORED_PRODUCTS", "spCampaigns", "adGroup", [...CAMPAIGN, ...AD_GROUP]),
  report("sp_placements", "Sponsored Products placements", "SPONSORED_PRODUCTS", "spCampaigns", "campaignPlacement", [...CAMPAIGN, ...PLACEMENT]),
  report("sp_targeting", "Sponsored Products targeting", "SPONSORED_PRODUCTS", "spTargeting", "targeting", [...CAMPAIGN, ...AD_GROUP, ...TARGETING]),
  report("sp_search_terms", "Sponsored Products search terms", "SPONSORED_PRODUCTS", "spSearchTerm", "searchTerm", [...CAMPAIGN, ...AD_GROUP, ...TARGETING, ...SEARCH_TERM]),
  report("sp_advertised_products", "Sponsored Products advertised products", "SPONSORED_PRODUCTS", "spAdvertisedProduct", "advertiser", [...CAMPAIGN, ...AD_GROUP, ...ADVERTISED]),
  report("sp_purchased_products", "Sponsored Products purchased products", "SPONSORED_PRODUCTS", "spPurchasedProduct", "asin", [...CAMPAIGN, ...AD_GROUP, ...ADVERTISED, ...PURCHASED]),
  report("sb_campaigns", "Sponsored Brands campaigns", "SPONSORED_BRANDS", "sbCampaigns", "campaign", CAMPAIGN),
  report("sb_ad_groups", "Sponsored Brands ad groups", "SPONSORED_BRANDS", "sbAdGroup", "adGroup", [...CAMPAIGN, ...AD_GROUP]),
  report("sb_placements", "Sponsored Brands placements", "SPONSORED_BRANDS", "sbCampaignPlacement", "campaignPlacement", [...CAMPAIGN, ...PLACEMENT]),
  report("sb_targeting", "Sponsored Brands targeting", "SPONSORED_BRANDS", "sbTargeting", "targeting", [...CAMPAIGN, ...AD_GROUP, ...TARGETING]),
  report("sb_search_terms", "Sponsored Brands search terms", "SPONSORED_BRANDS", "sbSearchTerm", "searchTerm", [...CAMPAIGN, ...AD_GROUP, ...TARGETING, ...SEARCH_TERM]),
  report("sb_purchased_products", "Sponsored Brands purchased products", "SPONSORED_BRANDS", "sbPurchasedProduct", "purchasedAsin", [...CAMPAIGN, ...AD_GROUP, ...PURCHASED]),
  report("sd_campaigns", "Sponsored Display campaigns", "SPONSORED_DISPLAY", "sdCampaigns", "campaign", CAMPAIGN),
  report("sd_ad_groups", "Sponsored Display ad groups", "SPONSORED_DISPLAY", "sdAdGroup", "adGroup", [...CAMPAIGN, ...AD_GROUP]),
  report("sd_targeting", "Sponsored Display targeting", "SPONSORED_DISPLAY", "sdTargeting", "targeting", [...CAMPAIGN, ...AD_GROUP, ...SD_TARGETING]),
  report("sd_matched_targets", "Sponsored Display matched targets", "SPONSORED_DISPLAY", "sdMatchedTarget", "matchedTarget", [...CAMPAIGN, ...AD_GROUP, ...SD_TARGETING, ...MATCHED]),
  report("sd_advertised_products", "Sponsored Display advertised products", "SPONSORED_DISPLAY", "sdAdvertisedProduct", "advertiser", [...CAMPAIGN, ...AD_GROUP, ...PROMOTED]),
  report("sd_purchased_products", "Sponsored Display purchased products", "SPONSORED_DISPLAY", "sdPurchasedProduct", "asin", [...CAMPAIGN, ...AD_GROUP, ...PROMOTED, ...PURCHASED]),
];
