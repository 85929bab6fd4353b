// Business Profile Performance API daily metrics
// (https://developers.google.com/my-business/reference/performance/rest/v1/DailyMetric) and the
// v4 review resource (https://developers.google.com/my-business/reference/rest/v4/accounts.locations.reviews).
import { dimension, metric } from "../../core/field-defs.js";
import type { FieldDef } from "../../core/types.js";

/** Field id -> DailyMetric enum value. */
export const DAILY_METRICS: Record<string, string> = {
  impressions_desktop_maps: "BUSINESS_IMPRESSIONS_DESKTOP_MAPS",
  impressions_desktop_search: "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH",
  impressions_mobile_maps: "BUSINESS_IMPRESSIONS_MOBILE_MAPS",
  impressions_mobile_search: "BUSINESS_IMPRESSIONS_MOBILE_SEARCH",
  conversations: "BUSINESS_CONVERSATIONS",
  direction_requests: "BUSINESS_DIRECTION_REQUESTS",
  call_clicks: "CALL_CLICKS",
  website_clicks: "WEBSITE_CLICKS",
  bookings: "BUSINESS_BOOKINGS",
  food_orders: "BUSINESS_FOOD_ORDERS",
  food_menu_clicks: "BUSINESS_FOOD_MENU_CLICKS",
};
export const IMPRESSION_METRICS = ["impressions_desktop_maps", "impressions_desktop_search", "impressions_mobile_maps", "impressions_mobile_search"];

const location = [
  dimension("location_id", "Location ID", "TEXT", "The location's resource name (accounts/{a}/locations/{l})."),
  dimension("location_name", "Location", "TEXT", "The location's title in Business Profile."),
];

export const PERFORMANCE_FIELDS: FieldDef[] = [
  dimension("date", "Date", "YEAR_MONTH_DAY", "Day of the metric (the location's calendar day)."),
  ...location,
  metric("impressions", "Profile views", "NUMBER", "SUM", "Unique users who saw the profile on Search or Maps, desktop and mobile (sum of the four impression metrics)."),
  metric("impressions_desktop_maps", "Views on Maps (desktop)", "NUMBER", "SUM", "BUSINESS_IMPRESSIONS_DESKTOP_MAPS."),
  metric("impressions_desktop_search", "Views on Search (desktop)", "NUMBER", "SUM", "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH."),
  metric("impressions_mobile_maps", "Views on Maps (mobile)", "NUMBER", "SUM", "BUSINESS_IMPRESSIONS_MOBILE_MAPS."),
  metric("impressions_mobile_search", "Views on Search (mobile)", "NUMBER", "SUM", "BUSINESS_IMPRESSIONS_MOBILE_SEARCH."),
  metric("conversations", "Message conversations", "NUMBER", "SUM", "Message conversations started from the profile."),
  metric("direction_requests", "Direction requests", "NUMBER", "SUM", "Requests for directions to the location."),
  metric("call_clicks", "Calls", "NUMBER", "SUM", "Clicks on the call button."),
  metric("website_clicks", "Website clicks", "NUMBER", "SUM", "Clicks on the website link."),
  metric("bookings", "Bookings", "NUMBER", "SUM", "Bookings made through Reserve with Google."),
  metric("food_orders", "Food orders", "NUMBER", "SUM", "Food orders placed from the profile."),
  metric("food_menu_clicks", "Menu clicks", "NUMBER", "SUM", "Clicks to view or interact with the menu."),
];

export const REVIEW_FIELDS: FieldDef[] = [
  dimension("date", "Date", "YEAR_MONTH_DAY", "Day the review was written (createTime, UTC)."),
  ...location,
  dimension("review_id", "Review ID", "TEXT", "The review's id."),
  dimension("reviewer", "Reviewer", "TEXT", "The reviewer's display name (absent for anonymous reviewers)."),
  dimension("comment", "Comment", "TEXT", "The review text."),
  dimension("reply", "Owner reply", "TEXT", "The business's reply, if any."),
  dimension("replied", "Replied", "BOOLEAN", "Whether the business replied."),
  metric("reviews", "Reviews", "NUMBER", "SUM", "Number of reviews."),
  metric("star_rating", "Star rating", "NUMBER", "AVG", "Star rating, 1 to 5 (averaged over reviews)."),
];

export const REPORTS = [
  { id: "performance", name: "Performance", description: "Daily profile views, calls, website clicks and direction requests per location." },
  { id: "reviews", name: "Reviews", description: "Reviews of each location with their star rating and reply." },
];

/** StarRating enum -> stars. */
export const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
