// Snapchat Ads stats fields, transcribed from the Marketing API's Measurement reference, "Metrics"
// and "Conversion metrics" (https://developers.snap.com/api/marketing-api/Ads-API/measurement), and
// its report dimensions (report_dimension), as read in November 2026. Snap publishes no SDK or
// machine-readable list of these fields, so this table is the catalogue (decision 0907).
import { transcribedColumns, type ColumnSpec } from "../shared/column-catalogue.js";

export const SNAPCHAT_DOCS = { url: "https://developers.snap.com/api/marketing-api/Ads-API/measurement", version: "v1", read: "2026-11" } as const;

const DELIVERY: ColumnSpec[] = [
  ["impressions", "n", "Delivery", "Times the ads were shown."],
  ["paid_impressions", "n", "Delivery", "Impressions paid for."],
  ["earned_impressions", "n", "Delivery", "Impressions earned from shares."],
  ["total_impressions", "n", "Delivery", "Paid and earned impressions."],
  ["swipes", "n", "Engagement", "Swipe ups, Snapchat's click.", "clicks", "Clicks"],
  ["swipe_up_percent", "p", "Engagement", "Swipe ups divided by impressions."],
  ["spend", "m", "Cost", "Spend in the ad account's currency.", "cost", "Cost"],
  ["ecpm", "mu", "Cost", "Cost per 1,000 impressions."],
  ["ecpsu", "mu", "Cost", "Cost per swipe up."],
  ["uniques", "u", "Delivery", "Unique people reached; not additive across days."],
  ["frequency", "a", "Delivery", "Average impressions per person reached."],
  ["view_time_millis", "n", "Video", "Milliseconds the ads were watched."],
  ["screen_time_millis", "n", "Video", "Milliseconds the ads were on screen."],
  ["avg_view_time_millis", "a", "Video"],
  ["avg_screen_time_millis", "a", "Video"],
  ["quartile_1", "n", "Video", "Views reaching 25% of the video."],
  ["quartile_2", "n", "Video", "Views reaching 50% of the video."],
  ["quartile_3", "n", "Video", "Views reaching 75% of the video."],
  ["view_completion", "n", "Video", "Views to the end of the video."],
  ["video_views", "n", "Video", "Video views of at least 2 seconds (or a swipe up)."],
  ["video_views_time_based", "n", "Video", "Video views of at least 2 seconds."],
  ["video_views_15s", "n", "Video", "Video views of at least 15 seconds."],
  ["story_opens", "n", "Story ads", "Opens of a story ad."],
  ["story_completes", "n", "Story ads", "Story ads watched to the last snap."],
  ["shares", "n", "Engagement", "Shares of the ad."],
  ["saves", "n", "Engagement", "Saves of the ad."],
  ["native_leads", "n", "Leads", "Instant form leads."],
  ["android_installs", "n", "App installs"],
  ["ios_installs", "n", "App installs"],
  ["total_installs", "n", "App installs"],
  ["attachment_avg_view_time_millis", "a", "Attachments"],
  ["attachment_frequency", "a", "Attachments"],
  ["attachment_quartile_1", "n", "Attachments"],
  ["attachment_quartile_2", "n", "Attachments"],
  ["attachment_quartile_3", "n", "Attachments"],
  ["attachment_total_view_time_millis", "n", "Attachments"],
  ["attachment_uniques", "u", "Attachments"],
  ["attachment_video_views", "n", "Attachments"],
  ["attachment_view_completion", "n", "Attachments"],
];

/** Conversion events: a count, its value when the pixel or SDK sends one, and the swipe/view attribution split. */
const EVENTS: [event: string, valued: boolean][] = [
  ["purchases", true], ["save", false], ["start_checkout", true], ["add_cart", true], ["view_content", true], ["add_billing", true], ["sign_ups", false],
  ["searches", false], ["level_completes", false], ["app_opens", false], ["page_views", false], ["subscribe", true], ["ad_click", false], ["ad_view", false],
  ["complete_tutorial", false], ["invite", false], ["login", false], ["share", false], ["reserve", true], ["achievement_unlocked", false],
  ["add_to_wishlist", true], ["spend_credits", true], ["rate", false], ["start_trial", true], ["list_view", false],
];
const CONVERSIONS: ColumnSpec[] = [
  ...EVENTS.flatMap(([event, valued]): ColumnSpec[] => [
    event === "purchases" ? ["conversion_purchases", "n", "Conversions", "Purchase conversions.", "conversions", "Conversions"] : [`conversion_${event}`, "n", "Conversions", `${event.replace(/_/g, " ")} conversions.`],
    [`conversion_${event}_swipe_up`, "n", "Conversions: attribution", `${event.replace(/_/g, " ")} conversions after a swipe up.`],
    [`conversion_${event}_view`, "n", "Conversions: attribution", `${event.replace(/_/g, " ")} conversions after a view.`],
    ...(!valued ? [] : event === "purchases" ? [["conversion_purchases_value", "m", "Conversions", "Value of the purchase conversions.", "conversion_value", "Conversion value"] as ColumnSpec] : [[`conversion_${event}_value`, "m", "Conversions", `Value of the ${event.replace(/_/g, " ")} conversions.`] as ColumnSpec]),
  ]),
  ...[1, 2, 3, 4, 5].flatMap((n): ColumnSpec[] => [
    [`custom_event_${n}`, "n", "Conversions", `Custom event ${n}.`],
    [`custom_event_${n}_value`, "m", "Conversions", `Value of custom event ${n}.`],
  ]),
];

export const SNAPCHAT_COLUMNS = transcribedColumns([...DELIVERY, ...CONVERSIONS], "snapchat-ads");

/** Money columns Snapchat sends in micro-currency. */
export const isMicros = (column: string) => column === "spend" || column === "ecpm" || column === "ecpsu" || column.endsWith("_value");

/** report_dimension values offered as breakdown dimensions (one a request, not by hour). */
export const SNAPCHAT_REPORT_DIMENSIONS: readonly (readonly [dimension: string, name: string])[] = [
  ["country", "Country"],
  ["region", "Region"],
  ["dma", "DMA"],
  ["gender", "Gender"],
  ["age", "Age"],
  ["age_gender", "Age and gender"],
  ["lifestyle_category", "Lifestyle category"],
  ["operating_system", "Operating system"],
];
