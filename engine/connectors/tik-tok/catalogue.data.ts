// TikTok Ads report columns, transcribed from TikTok API for Business v1.3, "Reporting > Metrics"
// (https://business-api.tiktok.com/portal/docs?id=1751443967255553) and "Dimensions"
// (https://business-api.tiktok.com/portal/docs?id=1751443956638721), as read in November 2026.
// TikTok publishes no machine-readable list of report metrics (its Business API SDK takes metrics
// as free strings), so this table is the catalogue (decision 0907). Types: n count, m money,
// mu money per unit, p percentage (TikTok sends "1.23" for 1.23 %), a average, u unique people,
// d attribute.
import { transcribedColumns, type ColumnSpec } from "../shared/column-catalogue.js";

export const TIKTOK_DOCS = { url: "https://business-api.tiktok.com/portal/docs?id=1751443967255553", version: "v1.3", read: "2026-11" } as const;

/** Attribute metrics: the names and settings of the entities (BASIC report, no aggregation). */
const ATTRIBUTES: ColumnSpec[] = [
  ["advertiser_name", "d", "Advertiser", "The advertiser name.", "account_name", "Advertiser name"],
  ["campaign_name", "d", "Campaign", "The campaign name.", "campaign_name", "Campaign name"],
  ["objective_type", "d", "Campaign", "The campaign objective (objective_type).", "objective", "Objective"],
  ["campaign_budget", "d", "Campaign", "The campaign budget (as text: \"-\" when unlimited)."],
  ["campaign_dedicate_type", "d", "Campaign", "Whether the campaign is an iOS 14 dedicated campaign."],
  ["split_test", "d", "Campaign", "Whether the campaign runs a split test."],
  ["app_promotion_type", "d", "Campaign"],
  ["adgroup_name", "d", "Ad group", "The ad group name."],
  ["placement_type", "d", "Ad group", "Automatic or select placement."],
  ["promotion_type", "d", "Ad group", "What the ad group promotes (website, app, ...)."],
  ["opt_status", "d", "Ad group", "Automated creative optimisation status."],
  ["adgroup_download_url", "url", "Ad group"],
  ["profile_image", "url", "Ad group"],
  ["dpa_target_audience_type", "d", "Ad group"],
  ["budget", "d", "Ad group", "The ad group budget."],
  ["smart_target", "d", "Ad group", "The optimisation goal."],
  ["pricing_category", "d", "Ad group", "The billing event."],
  ["bid_strategy", "d", "Ad group"],
  ["bid", "d", "Ad group", "The bid."],
  ["bid_secondary_goal", "d", "Ad group"],
  ["aeo_type", "d", "Ad group", "App event optimisation type."],
  ["ad_name", "d", "Ad", "The ad name."],
  ["ad_text", "d", "Ad", "The ad text."],
  ["call_to_action", "d", "Ad"],
  ["ad_profile_image", "url", "Ad"],
  ["ad_url", "url", "Ad", "The landing page URL."],
  ["tt_app_id", "d", "Ad"],
  ["tt_app_name", "d", "Ad"],
  ["mobile_app_id", "d", "Ad"],
  ["image_mode", "d", "Ad"],
  ["currency", "d", "Advertiser", "The advertiser's currency."],
  ["is_aco", "d", "Ad", "Whether the ad is an automated creative."],
  ["is_smart_creative", "d", "Ad"],
];

/** Basic and delivery metrics. */
const BASIC: ColumnSpec[] = [
  ["spend", "m", "Core", "Spend in the advertiser's currency (spend).", "cost", "Cost"],
  ["billed_cost", "m", "Core", "Spend billed, net of vouchers and credits."],
  ["cash_spend", "m", "Core"],
  ["voucher_spend", "m", "Core"],
  ["cpc", "mu", "Core", "Cost per click.", "cpc", "CPC"],
  ["cpm", "mu", "Core", "Cost per 1,000 impressions.", "cpm", "CPM"],
  ["impressions", "n", "Core", "Times the ads were shown."],
  ["gross_impressions", "n", "Core", "Impressions including invalid ones."],
  ["clicks", "n", "Core", "Clicks on the ads (destination clicks)."],
  ["ctr", "p", "Core", "Clicks / impressions as a ratio (TikTok's percentage / 100).", "ctr", "CTR"],
  ["reach", "u", "Core", "Unique users reached; not additive across days."],
  ["cost_per_1000_reached", "mu", "Core"],
  ["frequency", "a", "Core", "Average times each user saw the ads."],
  ["conversion", "n", "Conversions", "Conversions of the optimisation event (conversion).", "conversions", "Conversions"],
  ["cost_per_conversion", "mu", "Conversions"],
  ["conversion_rate", "p", "Conversions", "Conversions / clicks."],
  ["conversion_rate_v2", "p", "Conversions", "Conversions / impressions."],
  ["real_time_conversion", "n", "Conversions", "Conversions counted on the day they happened."],
  ["real_time_cost_per_conversion", "mu", "Conversions"],
  ["real_time_conversion_rate", "p", "Conversions"],
  ["real_time_conversion_rate_v2", "p", "Conversions"],
  ["result", "n", "Conversions", "Results of the optimisation goal."],
  ["cost_per_result", "mu", "Conversions"],
  ["result_rate", "p", "Conversions"],
  ["real_time_result", "n", "Conversions"],
  ["real_time_cost_per_result", "mu", "Conversions"],
  ["real_time_result_rate", "p", "Conversions"],
  ["secondary_goal_result", "n", "Conversions"],
  ["cost_per_secondary_goal_result", "mu", "Conversions"],
  ["secondary_goal_result_rate", "p", "Conversions"],
];

const VIDEO: ColumnSpec[] = [
  ["video_play_actions", "n", "Video", "Video plays (video_play_actions).", "video_views", "Video views"],
  ["video_watched_2s", "n", "Video", "Plays of at least 2 seconds."],
  ["video_watched_6s", "n", "Video", "Plays of at least 6 seconds."],
  ["average_video_play", "a", "Video", "Average seconds played per play."],
  ["average_video_play_per_user", "a", "Video"],
  ["video_views_p25", "n", "Video", "Plays reaching 25 % of the video."],
  ["video_views_p50", "n", "Video", "Plays reaching 50 % of the video."],
  ["video_views_p75", "n", "Video", "Plays reaching 75 % of the video."],
  ["video_views_p100", "n", "Video", "Plays to the end of the video."],
  ["engaged_view", "n", "Video", "Plays of at least 6 seconds or with an engagement in the first 6 seconds."],
  ["engaged_view_15s", "n", "Video"],
  ["paid_engaged_view", "n", "Video"],
  ["paid_engaged_view_15s", "n", "Video"],
  ["cost_per_engaged_view", "mu", "Video"],
  ["cost_per_engaged_view_15s", "mu", "Video"],
];

const ENGAGEMENT: ColumnSpec[] = [
  ["profile_visits", "n", "Engagement", "Visits to the profile from the ads."],
  ["profile_visits_rate", "p", "Engagement"],
  ["likes", "n", "Engagement"],
  ["comments", "n", "Engagement"],
  ["shares", "n", "Engagement"],
  ["follows", "n", "Engagement"],
  ["clicks_on_music_disc", "n", "Engagement"],
  ["duet_clicks", "n", "Engagement"],
  ["stitch_clicks", "n", "Engagement"],
  ["sound_usage_clicks", "n", "Engagement"],
  ["anchor_clicks", "n", "Engagement"],
  ["anchor_click_rate", "p", "Engagement"],
  ["engagements", "n", "Engagement", "All engagements with the ads."],
  ["engagement_rate", "p", "Engagement"],
  ["paid_likes", "n", "Engagement"],
  ["paid_comments", "n", "Engagement"],
  ["paid_shares", "n", "Engagement"],
  ["paid_follows", "n", "Engagement"],
  ["paid_profile_visits", "n", "Engagement"],
  ["interactive_add_on_impressions", "n", "Interactive add-ons"],
  ["interactive_add_on_destination_clicks", "n", "Interactive add-ons"],
  ["interactive_add_on_activity_clicks", "n", "Interactive add-ons"],
  ["interactive_add_on_option_a_clicks", "n", "Interactive add-ons"],
  ["interactive_add_on_option_b_clicks", "n", "Interactive add-ons"],
  ["countdown_sticker_recall_clicks", "n", "Interactive add-ons"],
  ["live_views", "n", "LIVE"],
  ["live_unique_views", "u", "LIVE"],
  ["live_effective_views", "n", "LIVE"],
  ["live_product_clicks", "n", "LIVE"],
];

/** In-app events: count, cost per event, rate, and the total (every occurrence) variants. */
const APP_EVENTS = [
  "registration", "purchase", "app_event_add_to_cart", "checkout", "view_content", "next_day_open", "add_payment_info", "add_to_wishlist",
  "launch_app", "complete_tutorial", "create_group", "join_group", "create_role", "spend_credits", "achieve_level", "loan_apply",
  "loan_credit", "loan_disbursement", "login", "ratings", "search", "start_trial", "subscribe", "unlock_achievement", "in_app_ad_click", "in_app_ad_impr",
];
const APP: ColumnSpec[] = [
  ["app_install", "n", "In-app events", "App installs attributed to the ads."],
  ["cost_per_app_install", "mu", "In-app events"],
  ["app_install_rate", "p", "In-app events"],
  ["real_time_app_install", "n", "In-app events"],
  ["real_time_app_install_cost", "mu", "In-app events"],
  ["total_purchase_value", "m", "In-app events", "Value of all in-app purchases."],
  ["total_active_pay_roas", "a", "In-app events", "Purchase value / spend for in-app purchases."],
  ["value_per_total_purchase", "mu", "In-app events"],
  ...APP_EVENTS.flatMap((e): ColumnSpec[] => [
    [e, "n", "In-app events"],
    [`cost_per_${e}`, "mu", "In-app events"],
    [`${e}_rate`, "p", "In-app events"],
    [`total_${e}`, "n", "In-app events", `Every ${e.replace(/_/g, " ")} event (unique events are in ${e}).`],
    [`cost_per_total_${e}`, "mu", "In-app events"],
  ]),
  ["total_app_event_add_to_cart_value", "m", "In-app events"],
  ["total_checkout_value", "m", "In-app events"],
  ["total_view_content_value", "m", "In-app events"],
  ["total_add_payment_info_value", "m", "In-app events"],
  ["total_add_to_wishlist_value", "m", "In-app events"],
  ["total_subscribe_value", "m", "In-app events"],
];

/** Website (pixel) events: count, cost per event, rate, value. */
const WEB_EVENTS = [
  "complete_payment", "initiate_checkout", "on_web_order", "on_web_add_to_wishlist", "on_web_subscribe", "page_browse_view", "page_event_search",
  "button_click", "user_registration", "web_event_add_to_cart", "form", "download_start", "product_details_page_browse", "add_billing", "on_web_detail", "contact",
];
const WEB: ColumnSpec[] = [
  ["complete_payment_roas", "a", "Website events", "Payment value / spend (website payments)."],
  ["value_per_complete_payment", "mu", "Website events"],
  ["total_complete_payment_rate", "m", "Website events", "Value of the website payments (complete payment value)."],
  ...WEB_EVENTS.flatMap((e): ColumnSpec[] => [
    [e, "n", "Website events"],
    [`cost_per_${e}`, "mu", "Website events"],
    [`${e}_rate`, "p", "Website events"],
  ]),
  ...["initiate_checkout", "on_web_order", "on_web_add_to_wishlist", "on_web_subscribe", "page_browse_view", "page_event_search", "button_click", "user_registration", "web_event_add_to_cart", "form", "download_start", "add_billing", "on_web_detail"].map(
    (e): ColumnSpec => [`total_${e}_value`, "m", "Website events"],
  ),
];

/** On-TikTok events: instant forms, TikTok Shop, instant pages. */
const ONSITE: ColumnSpec[] = [
  ...["onsite_form", "onsite_download_start", "onsite_shopping", "onsite_on_web_detail", "onsite_add_to_wishlist", "onsite_initiate_checkout_count", "onsite_on_web_cart", "ix_page_view_count", "ix_button_click_count", "ix_product_click_count"].flatMap((e): ColumnSpec[] => [
    [e, "n", "On-TikTok events"],
    [`cost_per_${e}`, "mu", "On-TikTok events"],
    [`${e}_rate`, "p", "On-TikTok events"],
  ]),
  ["value_per_onsite_shopping", "mu", "On-TikTok events"],
  ["total_onsite_shopping_value", "m", "On-TikTok events"],
  ["onsite_shopping_roas", "a", "On-TikTok events"],
  ["ix_page_duration_avg", "a", "On-TikTok events"],
  ["ix_page_viewrate_avg", "p", "On-TikTok events"],
];

/** Attribution splits: view-through (vta) and click-through (cta) conversions. */
const ATTRIBUTION: ColumnSpec[] = ["vta", "cta"].flatMap((a) =>
  ["conversion", "app_install", "registration", "purchase"].flatMap((e): ColumnSpec[] => [
    [`${a}_${e}`, "n", "Attribution", `${e.replace(/_/g, " ")} attributed to a ${a === "vta" ? "view" : "click"}.`],
    [`cost_per_${a}_${e}`, "mu", "Attribution"],
  ]),
);

export const TIKTOK_COLUMNS = transcribedColumns([...ATTRIBUTES, ...BASIC, ...VIDEO, ...ENGAGEMENT, ...APP, ...WEB, ...ONSITE, ...ATTRIBUTION], "tik-tok");

/** The AUDIENCE report's breakdown dimensions (report_type AUDIENCE). */
export const TIKTOK_AUDIENCE_DIMENSIONS: readonly (readonly [dimension: string, name: string, description: string])[] = [
  ["age", "Age", "Age bracket (AGE_13_17, AGE_18_24, ...)."],
  ["gender", "Gender", "MALE, FEMALE or NONE."],
  ["country_code", "Country", "ISO country code of the audience."],
  ["province_id", "Region", "Region (province) id of the audience."],
  ["dma_id", "DMA", "US designated market area of the audience."],
  ["language", "Language", "Language of the audience."],
  ["platform", "Platform", "ANDROID, IOS or PC."],
  ["ac", "Connection type", "Network connection type (WIFI, 4G, ...)."],
  ["interest_category", "Interest category", "Interest category (v1) of the audience."],
  ["interest_category_v2", "Interest category (v2)", "Interest category (v2) of the audience."],
  ["device_brand_id", "Device brand", "Device brand of the audience."],
  ["placement", "Placement", "Where the ad was shown (TikTok, Pangle, ...)."],
];

/** Metrics the AUDIENCE report does not return (reach and frequency are not broken down by audience). */
export const TIKTOK_NOT_IN_AUDIENCE = new Set(["reach", "cost_per_1000_reached", "frequency", "live_unique_views"]);
