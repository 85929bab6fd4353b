// The GA4 fields offered when no credential is at hand (catalogue pages, the CLI): the common ones,
// with their Data API names (https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema).
// With a credential, the fields are the property's own, from the Data API's metadata (metadata.ts).
// Users are distinct counts: summing them across days over-counts, hence AUTO (re-query the
// platform for totals) rather than SUM.
import { dimension, metric } from "../../core/field-defs.js";
import type { FieldDef } from "../../core/types.js";

import type { Ga4Field } from "./metadata.js";

const d = (id: string, api: string, name: string, fieldType: FieldDef["fieldType"], description: string): Ga4Field => ({ def: dimension(id, name, fieldType, description), api });
const m = (id: string, api: string, name: string, fieldType: FieldDef["fieldType"], aggregation: FieldDef["aggregation"], description: string): Ga4Field => ({
  def: metric(id, name, fieldType, aggregation, description),
  api,
});

export const GA4_FIELDS: Ga4Field[] = [
  d("date", "date", "Date", "YEAR_MONTH_DAY", "Day in the property's timezone (GA4 date, YYYYMMDD, returned as YYYY-MM-DD)."),
  d("hour", "hour", "Hour", "HOUR", "Hour of the day, 0-23, in the property's timezone."),
  d("property_id", "", "Property ID", "TEXT", "The GA4 property the row comes from."),
  d("session_default_channel_group", "sessionDefaultChannelGroup", "Session default channel group", "TEXT", "Organic Search, Paid Search, Direct, Email, ..."),
  d("session_source", "sessionSource", "Session source", "TEXT", "Source of the session (google, newsletter, ...)."),
  d("session_medium", "sessionMedium", "Session medium", "TEXT", "Medium of the session (organic, cpc, email, ...)."),
  d("session_campaign_name", "sessionCampaignName", "Session campaign", "TEXT", "Campaign name of the session."),
  d("country", "country", "Country", "COUNTRY", "Country of the user."),
  d("city", "city", "City", "CITY", "City of the user."),
  d("device_category", "deviceCategory", "Device category", "TEXT", "desktop, mobile or tablet."),
  d("landing_page", "landingPage", "Landing page", "TEXT", "Page path of the session's first page view."),
  d("page_path", "pagePath", "Page path", "TEXT", "Path of the page viewed."),
  d("event_name", "eventName", "Event name", "TEXT", "Name of the event."),
  m("sessions", "sessions", "Sessions", "NUMBER", "SUM", "Sessions that began."),
  m("engaged_sessions", "engagedSessions", "Engaged sessions", "NUMBER", "SUM", "Sessions longer than 10 seconds, with a key event or 2+ page views."),
  m("total_users", "totalUsers", "Total users", "NUMBER", "AUTO", "Distinct users who logged an event."),
  m("active_users", "activeUsers", "Active users", "NUMBER", "AUTO", "Distinct engaged users."),
  m("new_users", "newUsers", "New users", "NUMBER", "SUM", "Users whose first visit fell in the period."),
  m("screen_page_views", "screenPageViews", "Views", "NUMBER", "SUM", "App screens and web pages viewed."),
  m("event_count", "eventCount", "Event count", "NUMBER", "SUM", "Events logged."),
  m("key_events", "keyEvents", "Key events", "NUMBER", "SUM", "Events marked as key events (formerly conversions)."),
  m("engagement_rate", "engagementRate", "Engagement rate", "PERCENT", "AVG", "Engaged sessions divided by sessions (a ratio)."),
  m("bounce_rate", "bounceRate", "Bounce rate", "PERCENT", "AVG", "Sessions that were not engaged, divided by sessions (a ratio)."),
  m("average_session_duration", "averageSessionDuration", "Average session duration", "DURATION", "AVG", "Average session length in seconds."),
  m("transactions", "transactions", "Transactions", "NUMBER", "SUM", "Purchase events with a transaction id."),
  m("purchase_revenue", "purchaseRevenue", "Purchase revenue", "CURRENCY", "SUM", "Revenue from purchases in the property's currency."),
  m("total_revenue", "totalRevenue", "Total revenue", "CURRENCY", "SUM", "Purchase, subscription and ad revenue in the property's currency."),
  m("add_to_carts", "addToCarts", "Add to carts", "NUMBER", "SUM", "add_to_cart events."),
];

/** runReport's limits per request (https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/runReport). */
export const MAX_DIMENSIONS = 9;
export const MAX_METRICS = 10;
