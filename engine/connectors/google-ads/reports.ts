// The Google Ads reports: each is one GAQL resource in FROM, with the resources whose attributes
// come along (the API's attribute_resources for that resource: the campaign of an ad group, ...).
// Their fields are generated from the API's own metadata (fields.generated.ts, written by
// generate-fields.ts); this table only says which resources make a report.
import type { ReportDef } from "../../core/types.js";

export interface GaqlReport extends ReportDef {
  /** The resource in FROM. */
  resource: string;
  /** Resources whose attributes the report offers, the FROM resource included. */
  attributeResources: readonly string[];
}

const report = (id: string, name: string, resource: string, attributeResources: string[], description: string): GaqlReport => ({ id, name, resource, attributeResources, description });

export const GOOGLE_ADS_REPORTS: readonly GaqlReport[] = [
  report("account", "Account", "customer", ["customer"], "Account totals by day or hour (GAQL FROM customer)."),
  report("campaign", "Campaigns", "campaign", ["customer", "campaign", "campaign_budget"], "Campaign performance by day or hour, with the campaign's settings and budget (GAQL FROM campaign)."),
  report("ad_group", "Ad groups", "ad_group", ["customer", "campaign", "ad_group"], "Ad group performance by day or hour (GAQL FROM ad_group)."),
  report("ad_group_ad", "Ads", "ad_group_ad", ["customer", "campaign", "ad_group", "ad_group_ad"], "Ad performance with the ads' texts, URLs and approval status (GAQL FROM ad_group_ad)."),
  report("keyword_view", "Keywords", "keyword_view", ["customer", "campaign", "ad_group", "ad_group_criterion", "keyword_view"], "Keyword performance with match types and quality scores (GAQL FROM keyword_view)."),
  report("search_term_view", "Search terms", "search_term_view", ["customer", "campaign", "ad_group", "search_term_view"], "The searches that triggered the ads (GAQL FROM search_term_view)."),
  report("geographic_view", "Locations (user or interest)", "geographic_view", ["customer", "campaign", "ad_group", "geographic_view"], "Performance by country and location type, physical or of interest (GAQL FROM geographic_view)."),
  report("user_location_view", "User locations", "user_location_view", ["customer", "campaign", "ad_group", "user_location_view"], "Performance by the users' physical location (GAQL FROM user_location_view)."),
  report("asset_group", "Asset groups (Performance Max)", "asset_group", ["customer", "campaign", "asset_group"], "Performance Max asset group performance (GAQL FROM asset_group)."),
  report("shopping_performance_view", "Shopping products", "shopping_performance_view", ["customer", "campaign", "ad_group", "shopping_performance_view"], "Shopping and Performance Max performance by product (GAQL FROM shopping_performance_view)."),
  report("age_range_view", "Age ranges", "age_range_view", ["customer", "campaign", "ad_group", "ad_group_criterion", "age_range_view"], "Performance by age range (GAQL FROM age_range_view)."),
  report("gender_view", "Genders", "gender_view", ["customer", "campaign", "ad_group", "ad_group_criterion", "gender_view"], "Performance by gender (GAQL FROM gender_view)."),
  report("parental_status_view", "Parental status", "parental_status_view", ["customer", "campaign", "ad_group", "ad_group_criterion", "parental_status_view"], "Performance by parental status (GAQL FROM parental_status_view)."),
  report("income_range_view", "Household income", "income_range_view", ["customer", "campaign", "ad_group", "ad_group_criterion", "income_range_view"], "Performance by household income range (GAQL FROM income_range_view)."),
  report("landing_page_view", "Landing pages", "landing_page_view", ["customer", "campaign", "ad_group", "landing_page_view"], "Performance by the unexpanded final URL people landed on (GAQL FROM landing_page_view)."),
  report("paid_organic_search_term_view", "Paid and organic search terms", "paid_organic_search_term_view", ["customer", "campaign", "ad_group", "paid_organic_search_term_view"], "Search terms with both ad and organic (Search Console) results (GAQL FROM paid_organic_search_term_view)."),
  report("dynamic_search_ads_search_term_view", "Dynamic Search Ads terms", "dynamic_search_ads_search_term_view", ["customer", "campaign", "ad_group", "dynamic_search_ads_search_term_view"], "Searches that triggered Dynamic Search Ads and their landing pages (GAQL FROM dynamic_search_ads_search_term_view)."),
  report("channel_aggregate_asset_view", "Assets by channel", "channel_aggregate_asset_view", ["customer", "channel_aggregate_asset_view"], "Asset usage and pinning by advertising channel (GAQL FROM channel_aggregate_asset_view)."),
  report("campaign_budget", "Campaign budgets", "campaign_budget", ["customer", "campaign_budget"], "Budgets with their spend and the campaigns that share them (GAQL FROM campaign_budget)."),
  report("hotel_performance_view", "Hotels", "hotel_performance_view", ["customer", "campaign", "ad_group", "hotel_performance_view"], "Hotel ads performance by hotel, stay and booking window (GAQL FROM hotel_performance_view)."),
  report("travel_activity_performance_view", "Things to do", "travel_activity_performance_view", ["customer", "campaign", "ad_group", "travel_activity_performance_view"], "Travel activity (things to do) ads performance (GAQL FROM travel_activity_performance_view)."),
];

/** The report whose query the user writes in GAQL (validated; our date range is added). */
export const CUSTOM_GAQL_REPORT: ReportDef = {
  id: "custom_gaql",
  name: "Custom GAQL query",
  description: "Your own GAQL query (SELECT ... FROM ... WHERE ... ORDER BY ... LIMIT): the date range of the request is added to its WHERE.",
};

export const DEFAULT_REPORT = "campaign";

/** Every resource whose attributes the catalogue carries: the generator's input. */
export const ATTRIBUTE_RESOURCES: readonly string[] = [...new Set(GOOGLE_ADS_REPORTS.flatMap((r) => r.attributeResources))];
