// The GA4 fake's dimensions and metrics: what its properties/{id}/metadata answers (standard ones
// and each property's custom definitions) and the scope rules its checkCompatibility and runReport
// apply. GA4 ships no metadata package we could generate this from, so the fake keeps its own model
// of the API schema (https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema),
// with GA4's scope rule: item-scoped dimensions go with item-scoped metrics (and event counts),
// item-scoped metrics do not go with session-scoped dimensions
// (https://support.google.com/analytics/answer/11109416). Test-only.

export type Scope = "event" | "session" | "user" | "item";

export interface FakeDimension {
  apiName: string;
  uiName: string;
  category: string;
  scope: Scope;
  description: string;
  customDefinition?: boolean;
}

export interface FakeMetric extends FakeDimension {
  type: "TYPE_INTEGER" | "TYPE_FLOAT" | "TYPE_SECONDS" | "TYPE_CURRENCY";
}

const d = (apiName: string, uiName: string, category: string, scope: Scope, description: string): FakeDimension => ({ apiName, uiName, category, scope, description });
const m = (apiName: string, uiName: string, category: string, scope: Scope, type: FakeMetric["type"], description: string): FakeMetric => ({ apiName, uiName, category, scope, type, description });

export const STANDARD_DIMENSIONS: FakeDimension[] = [
  d("date", "Date", "Time", "event", "The date of the event, formatted as YYYYMMDD."),
  d("hour", "Hour", "Time", "event", "The two-digit hour of the day that the event was logged."),
  d("dayOfWeekName", "Day of week name", "Time", "event", "The day of the week in English."),
  d("sessionDefaultChannelGroup", "Session default channel group", "Traffic source", "session", "The session's default channel group."),
  d("sessionSource", "Session source", "Traffic source", "session", "The source that initiated a session."),
  d("sessionMedium", "Session medium", "Traffic source", "session", "The medium that initiated a session."),
  d("sessionCampaignName", "Session campaign", "Traffic source", "session", "The marketing campaign name for a session."),
  d("firstUserSource", "First user source", "Traffic source", "user", "The source that first acquired the user."),
  d("country", "Country", "Geography", "event", "The country from which the user activity originated."),
  d("region", "Region", "Geography", "event", "The geographic region from which the user activity originated."),
  d("city", "City", "Geography", "event", "The city from which the user activity originated."),
  d("deviceCategory", "Device category", "Platform / device", "event", "The type of device: Desktop, Tablet, or Mobile."),
  d("browser", "Browser", "Platform / device", "event", "The browsers used to view your website."),
  d("operatingSystem", "Operating system", "Platform / device", "event", "The operating systems used by visitors."),
  d("language", "Language", "Demographics", "event", "The language setting of the user's browser or device."),
  d("landingPage", "Landing page", "Page / screen", "session", "The page path associated with the first pageview in a session."),
  d("pagePath", "Page path", "Page / screen", "event", "The portion of the URL between the hostname and query string."),
  d("pageTitle", "Page title", "Page / screen", "event", "The web page titles used on your site."),
  d("eventName", "Event name", "Event", "event", "The name of the event."),
  d("newVsReturning", "New / established", "User", "user", "New users have 0 previous sessions; established users have 1 or more."),
  d("itemName", "Item name", "Ecommerce", "item", "The name of the item."),
  d("itemCategory", "Item category", "Ecommerce", "item", "The hierarchical category in which the item is classified."),
  d("itemBrand", "Item brand", "Ecommerce", "item", "Brand name of the item."),
];

export const STANDARD_METRICS: FakeMetric[] = [
  m("sessions", "Sessions", "Session", "session", "TYPE_INTEGER", "The number of sessions that began on your site or app."),
  m("engagedSessions", "Engaged sessions", "Session", "session", "TYPE_INTEGER", "The number of sessions that lasted longer than 10 seconds, or had a key event, or had 2 or more screen views."),
  m("engagementRate", "Engagement rate", "Session", "session", "TYPE_FLOAT", "The percentage of engaged sessions (Engaged sessions divided by Sessions), as a ratio."),
  m("bounceRate", "Bounce rate", "Session", "session", "TYPE_FLOAT", "The percentage of sessions that were not engaged, as a ratio."),
  m("averageSessionDuration", "Average session duration", "Session", "session", "TYPE_SECONDS", "The average duration (in seconds) of users' sessions."),
  m("sessionsPerUser", "Sessions per user", "Session", "user", "TYPE_FLOAT", "The average number of sessions per user."),
  m("totalUsers", "Total users", "User", "user", "TYPE_INTEGER", "The number of distinct users who have logged at least one event."),
  m("activeUsers", "Active users", "User", "user", "TYPE_INTEGER", "The number of distinct users who visited your site or app."),
  m("newUsers", "New users", "User", "user", "TYPE_INTEGER", "The number of users who interacted with your site or launched your app for the first time."),
  m("userEngagementDuration", "User engagement", "User", "user", "TYPE_SECONDS", "The total amount of time (in seconds) your website or app was in the foreground."),
  m("screenPageViews", "Views", "Page / screen", "event", "TYPE_INTEGER", "The number of app screens or web pages your users viewed."),
  m("eventCount", "Event count", "Event", "event", "TYPE_INTEGER", "The count of events."),
  m("keyEvents", "Key events", "Event", "event", "TYPE_FLOAT", "The count of key events."),
  m("transactions", "Transactions", "Ecommerce", "event", "TYPE_INTEGER", "The count of transaction events with purchase revenue."),
  m("purchaseRevenue", "Purchase revenue", "Revenue", "event", "TYPE_CURRENCY", "The sum of revenue from purchases minus refunded transaction revenue."),
  m("totalRevenue", "Total revenue", "Revenue", "event", "TYPE_CURRENCY", "The sum of revenue from purchases, subscriptions, and advertising."),
  m("addToCarts", "Add to carts", "Ecommerce", "event", "TYPE_INTEGER", "The number of times users added items to their shopping carts."),
  m("checkouts", "Checkouts", "Ecommerce", "event", "TYPE_INTEGER", "The number of times users started the checkout process."),
  m("itemsViewed", "Items viewed", "Ecommerce", "item", "TYPE_INTEGER", "The number of units viewed for a single item."),
  m("itemsPurchased", "Items purchased", "Ecommerce", "item", "TYPE_INTEGER", "The number of units for a single item included in purchase events."),
  m("itemRevenue", "Item revenue", "Ecommerce", "item", "TYPE_CURRENCY", "The total revenue from purchases minus refunded transaction revenue from items only."),
];

/** Custom definitions per property (GA4 names them customEvent:/customUser:<parameter>). */
export const CUSTOM: Record<string, { dimensions: FakeDimension[]; metrics: FakeMetric[] }> = {
  "300001": {
    dimensions: [
      { ...d("customEvent:plan", "Plan", "Custom", "event", "An event-scoped custom dimension."), customDefinition: true },
      { ...d("customUser:tier", "Loyalty tier", "Custom", "user", "A user-scoped custom dimension."), customDefinition: true },
    ],
    metrics: [{ ...m("customEvent:discount", "Discount", "Custom", "event", "TYPE_CURRENCY", "An event-scoped custom metric."), customDefinition: true }],
  },
};

export function schemaOf(property: string): { dimensions: FakeDimension[]; metrics: FakeMetric[] } {
  const custom = CUSTOM[property] ?? { dimensions: [], metrics: [] };
  return { dimensions: [...STANDARD_DIMENSIONS, ...custom.dimensions], metrics: [...STANDARD_METRICS, ...custom.metrics] };
}

/** GA4's scope rule as the fake applies it: whether two fields may share a report. */
export function compatible(a: FakeDimension | FakeMetric, b: FakeDimension | FakeMetric): boolean {
  const isMetric = (f: FakeDimension | FakeMetric) => "type" in f;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ]) {
    if (!isMetric(x) && x.scope === "item" && isMetric(y) && y.scope !== "item" && y.apiName !== "eventCount") return false;
    if (isMetric(x) && x.scope === "item" && !isMetric(y) && y.scope === "session") return false;
  }
  return true;
}
