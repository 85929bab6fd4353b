// X Ads analytics metrics by metric group, transcribed from the Ads API's "Metrics and
// Segmentation" (https://developer.x.com/en/docs/x-ads-api/analytics/overview/metrics-and-segmentation),
// as read in November 2026. X's Python SDK (twitter-ads 11.0.0) lists the metric groups
// (enum.METRIC_GROUP) but not the metrics in them, so the groups are checked against the SDK and
// the metrics are this table (decision 0907). A request names groups; each group answers all of
// its metrics, conversion metrics as objects of series (post_view, post_engagement, assisted, ...).
import { humanName } from "../shared/column-catalogue.js";
import type { Aggregation, FieldType } from "../../core/types.js";

export const X_DOCS = { url: "https://developer.x.com/en/docs/x-ads-api/analytics/overview/metrics-and-segmentation", version: "12", read: "2026-11" } as const;

/** The metric groups, as twitter-ads 11.0.0's enum.METRIC_GROUP names them. */
export const X_METRIC_GROUPS = ["ENGAGEMENT", "BILLING", "VIDEO", "MEDIA", "WEB_CONVERSION", "MOBILE_CONVERSION", "LIFE_TIME_VALUE_MOBILE_CONVERSION"] as const;
export type MetricGroup = (typeof X_METRIC_GROUPS)[number];

export interface XMetric {
  id: string;
  name: string;
  description: string;
  group: MetricGroup;
  /** The key in the stats answer, and for conversion objects the series inside it. */
  key: string;
  sub?: string;
  fieldType: FieldType;
  aggregation: Aggregation;
  /** Local-currency micros (billed_charge_local_micro, sale amounts). */
  micros?: boolean;
  category: string;
}

const count = (group: MetricGroup, key: string, category: string, description: string, id = key, name = humanName(key)): XMetric => ({ id, name, description, group, key, fieldType: "NUMBER", aggregation: "SUM", category });

const ENGAGEMENT: XMetric[] = [
  count("ENGAGEMENT", "impressions", "Delivery", "Times the promoted posts were seen."),
  count("ENGAGEMENT", "qualified_impressions", "Delivery", "Impressions that met X's viewability standard."),
  count("ENGAGEMENT", "engagements", "Engagement", "All engagements (clicks, likes, reposts, replies, follows...)."),
  count("ENGAGEMENT", "clicks", "Engagement", "All clicks on the promoted content."),
  count("ENGAGEMENT", "url_clicks", "Engagement", "Clicks on links in the promoted content.", "url_clicks", "Link clicks"),
  count("ENGAGEMENT", "app_clicks", "Engagement", "Clicks on app install or open links."),
  count("ENGAGEMENT", "follows", "Engagement", "Follows from the promoted content."),
  count("ENGAGEMENT", "likes", "Engagement", "Likes of the promoted post."),
  count("ENGAGEMENT", "retweets", "Engagement", "Reposts of the promoted post."),
  count("ENGAGEMENT", "replies", "Engagement", "Replies to the promoted post."),
  count("ENGAGEMENT", "tweets_send", "Engagement", "Shares of the promoted post by direct message."),
  count("ENGAGEMENT", "card_engagements", "Engagement", "Engagements with the post's card."),
  count("ENGAGEMENT", "poll_card_vote", "Engagement", "Votes in a poll card."),
  count("ENGAGEMENT", "carousel_swipes", "Engagement", "Swipes of a carousel."),
  count("ENGAGEMENT", "unfollows", "Engagement", "Unfollows after the promoted content."),
  { ...count("ENGAGEMENT", "qualified_impressions_rate", "Delivery", "Share of impressions that met the viewability standard, as a ratio."), fieldType: "PERCENT", aggregation: "AVG" },
];

const BILLING: XMetric[] = [
  { id: "cost", name: "Cost", description: "Spend in the account currency (billed_charge_local_micro / 1,000,000).", group: "BILLING", key: "billed_charge_local_micro", fieldType: "CURRENCY", aggregation: "SUM", micros: true, category: "Cost" },
  count("BILLING", "billed_engagements", "Cost", "Engagements that were billed."),
];

const VIDEO: XMetric[] = [
  count("VIDEO", "video_total_views", "Video", "Total video views (video_total_views).", "video_views", "Video views"),
  count("VIDEO", "video_views_25", "Video", "Views reaching 25% of the video."),
  count("VIDEO", "video_views_50", "Video", "Views reaching 50% of the video."),
  count("VIDEO", "video_views_75", "Video", "Views reaching 75% of the video."),
  count("VIDEO", "video_views_100", "Video", "Views to the end of the video."),
  count("VIDEO", "video_cta_clicks", "Video", "Clicks on the video's call to action."),
  count("VIDEO", "video_content_starts", "Video", "Video plays started."),
  count("VIDEO", "video_3s100pct_views", "Video", "Views of 3 seconds with the whole player on screen."),
  count("VIDEO", "video_6s_views", "Video", "Views of at least 6 seconds."),
  count("VIDEO", "video_15s_views", "Video", "Views of at least 15 seconds."),
];

const MEDIA: XMetric[] = [count("MEDIA", "media_views", "Media", "Views of images, GIFs and videos."), count("MEDIA", "media_engagements", "Media", "Clicks on images, GIFs and videos.")];

/** Website conversions (X pixel): the total, its attribution and order detail. */
const WEB_EVENTS = ["conversion_purchases", "conversion_sign_ups", "conversion_site_visits", "conversion_downloads", "conversion_custom"];
const WEB_PARTS: [sub: string, what: string, micros?: boolean][] = [
  ["metric", "all attributions"],
  ["post_view", "after a view"],
  ["post_engagement", "after an engagement"],
  ["assisted", "assisted"],
  ["order_quantity", "items ordered"],
  ["sale_amount", "sale amount", true],
];
const WEB: XMetric[] = WEB_EVENTS.flatMap((event) =>
  WEB_PARTS.map(([sub, what, micros]): XMetric => ({
    id: event === "conversion_purchases" && sub === "metric" ? "purchases" : sub === "metric" ? event : `${event}_${sub}`,
    name: `${humanName(event.replace(/^conversion_/, ""))} (${what})`,
    description: `Website ${event.replace(/^conversion_/, "").replace(/_/g, " ")} conversions, ${what}${micros ? ", in the account currency" : ""}.`,
    group: "WEB_CONVERSION",
    key: event,
    sub,
    fieldType: micros ? "CURRENCY" : "NUMBER",
    aggregation: "SUM",
    micros,
    category: "Website conversions",
  })),
);

const MOBILE_EVENTS = [
  "installs", "purchases", "sign_ups", "site_visits", "downloads", "spent_credits", "content_views", "add_to_wishlists", "checkouts_initiated", "reservations",
  "tutorials_completed", "achievements_unlocked", "searches", "add_to_carts", "payment_info_additions", "re_engages", "shares", "rates", "logins", "updates",
  "levels_achieved", "invites", "key_page_views",
];
const MOBILE: XMetric[] = MOBILE_EVENTS.flatMap((event) =>
  (["post_view", "post_engagement", "assisted"] as const).map((sub): XMetric => ({
    id: `mobile_conversion_${event}_${sub}`,
    name: `Mobile ${humanName(event).toLowerCase()} (${sub.replace("_", " ")})`,
    description: `App ${event.replace(/_/g, " ")} attributed ${sub === "assisted" ? "as an assist" : `after a ${sub === "post_view" ? "view" : "engagement"}`}.`,
    group: "MOBILE_CONVERSION",
    key: `mobile_conversion_${event}`,
    sub,
    fieldType: "NUMBER",
    aggregation: "SUM",
    category: "Mobile conversions",
  })),
);

const LTV_EVENTS = ["purchases", "sign_ups", "updates", "tutorials_completed", "reservations", "add_to_carts", "add_to_wishlists", "checkouts_initiated", "levels_achieved", "achievements_unlocked", "shares", "invites", "payment_info_additions", "spent_credits", "rates"];
const LTV: XMetric[] = LTV_EVENTS.map((event) => count("LIFE_TIME_VALUE_MOBILE_CONVERSION", `mobile_conversion_lifetime_value_${event}`, "Mobile lifetime value", `Lifetime value events: ${event.replace(/_/g, " ")}.`));

export const X_METRICS: readonly XMetric[] = [...ENGAGEMENT, ...BILLING, ...VIDEO, ...MEDIA, ...WEB, ...MOBILE, ...LTV];

/** Segmentation types offered as breakdown dimensions (one a request; those needing a country are left out). */
export const X_SEGMENTATIONS: readonly (readonly [type: string, name: string])[] = [
  ["AGE", "Age"],
  ["GENDER", "Gender"],
  ["PLATFORMS", "Platform"],
  ["DEVICES", "Device"],
  ["LANGUAGES", "Language"],
  ["INTERESTS", "Interest"],
  ["KEYWORDS", "Keyword"],
  ["CONVERSATIONS", "Conversation topic"],
  ["TV_SHOWS", "TV show"],
  ["APP_STORE_CATEGORY", "App store category"],
  ["AUDIENCES", "Audience"],
  ["PLATFORM_VERSIONS", "Platform version"],
  ["SIMILAR_TO_FOLLOWERS_OF_USER", "Follower look-alike"],
  ["CONVERSION_TAGS", "Conversion tag"],
  ["EVENTS", "Event"],
];
