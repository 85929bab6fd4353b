// The compatibility rules the Google Ads fake serves from googleAdsFields:search and enforces in
// searchStream. The real rules live only in the API (GoogleAdsFieldService); the package carries
// the field lists, so the fake builds its metadata from the same generated catalogue the connector
// reads (fields.generated.ts) plus Google's documented segmentation rules, stated here by name
// family (https://developers.google.com/google-ads/api/docs/reporting/segmentation):
// - a metric whose proto comment says it "can only be selected with" some views (asset pinning
//   counts) is available FROM those views only; quality-score history only FROM keyword_view;
//   impression-share (competitive) metrics FROM customer, campaign, ad_group and keyword_view;
//   unique-user reach FROM customer, campaign and ad_group; SKAdNetwork FROM customer and
//   campaign; lift and experiment statistics FROM campaign; hotel and publisher metrics FROM
//   hotel_performance_view, organic metrics FROM paid_organic_search_term_view; nothing but the
//   asset counts FROM channel_aggregate_asset_view;
// - product segments FROM shopping_performance_view, geo-target segments FROM geographic_view and
//   user_location_view, search-term segments FROM search_term_view, hotel segments FROM
//   hotel_performance_view, travel and vertical-ads segments FROM travel_activity_performance_view,
//   and so on (SEGMENT_HOMES);
// - conversion segments (conversion action, lag buckets, attribution event) only with conversion
//   metrics; unique-user metrics ("cannot be aggregated") with no time segment; impression share
//   not with click type or hour.
// Test-only: the connector never imports this; it reads whatever the endpoint answers.
import type { GeneratedGaqlField } from "./gaql-field.js";
import { GAQL_FIELDS } from "./fields.generated.js";
import { GOOGLE_ADS_REPORTS } from "./reports.js";

export interface FakeFieldMeta {
  name: string;
  category: "RESOURCE" | "ATTRIBUTE" | "SEGMENT" | "METRIC";
  selectable: boolean;
  filterable: boolean;
  sortable: boolean;
  dataType: string;
  isRepeated: boolean;
  enumValues: string[];
  selectableWith: string[];
  attributeResources: string[];
  metrics: string[];
  segments: string[];
}

const leaf = (f: GeneratedGaqlField) => f.gaql.split(".").slice(1).join(".");
const resourceOf = (gaql: string) => gaql.split(".")[0];

export function metricAvailableFrom(metric: GeneratedGaqlField, resource: string): boolean {
  const name = leaf(metric);
  if (metric.onlyWith) return metric.onlyWith.includes(resource);
  if (/^historical_|search_predicted_ctr/.test(name)) return resource === "keyword_view";
  if (/^(hotel_|publisher_)/.test(name)) return resource === "hotel_performance_view";
  if (/^organic_/.test(name)) return resource === "paid_organic_search_term_view";
  if (/^sk_ad_network_/.test(name)) return ["customer", "campaign"].includes(resource);
  if (/^unique_users|average_impression_frequency_per_user/.test(name)) return ["customer", "campaign", "ad_group"].includes(resource);
  if (metric.category === "Metrics: competitive (impression share)") return ["customer", "campaign", "ad_group", "keyword_view"].includes(resource);
  if (metric.category === "Metrics: lift and experiments") return resource === "campaign";
  return !["channel_aggregate_asset_view"].includes(resource);
}

/** Segment families and the views that offer them (others: every resource of ours). */
const SEGMENT_HOMES: [RegExp, string[]][] = [
  [/^product_/, ["shopping_performance_view"]],
  [/^geo_target_/, ["geographic_view", "user_location_view"]],
  [/^(search_term|search_subcategory)/, ["search_term_view"]],
  [/^asset_group$/, ["asset_group"]],
  [/^sk_ad_network_/, ["customer", "campaign"]],
  [/^(hotel_|partner_hotel)/, ["hotel_performance_view"]],
  [/^(activity_|travel_|vertical_ads)/, ["travel_activity_performance_view"]],
  [/^(conversion_lift|brand_lift|experiment_arm|recommendation_type|auction_insight)/, ["campaign"]],
  [/^budget_campaign_association/, ["campaign_budget"]],
  [/^webpage$/, ["dynamic_search_ads_search_term_view"]],
  [/^landing_page_source$/, ["landing_page_view"]],
  [/^asset_interaction_target/, ["campaign"]],
];

export function segmentAvailableFrom(segment: GeneratedGaqlField, resource: string): boolean {
  const name = leaf(segment);
  const home = SEGMENT_HOMES.find(([re]) => re.test(name));
  if (home) return home[1].includes(resource);
  return !["channel_aggregate_asset_view", "campaign_budget"].includes(resource);
}

const isConversionSegment = (s: GeneratedGaqlField) => s.category === "Segments: conversions";
const isConversionMetric = (m: GeneratedGaqlField) => m.category === "Metrics: conversions";
const isTimeSegment = (s: GeneratedGaqlField) => s.category === "Segments: time";
const cannotAggregate = (m: GeneratedGaqlField) => m.type === "metric" && m.aggregation === "AUTO" && /^unique_users|average_impression_frequency/.test(leaf(m));

/** Whether a segment and a metric (or two segments) may share a query. */
export function pairAllowed(a: GeneratedGaqlField, b: GeneratedGaqlField): boolean {
  const [segment, other] = a.gaqlCategory === "SEGMENT" ? [a, b] : [b, a];
  if (segment.gaqlCategory !== "SEGMENT") return true;
  if (other.gaqlCategory === "METRIC") {
    if (isConversionSegment(segment) && !isConversionMetric(other)) return false;
    if (isTimeSegment(segment) && cannotAggregate(other)) return false;
    if ((leaf(segment) === "click_type" || leaf(segment) === "hour") && other.category === "Metrics: competitive (impression share)") return false;
  }
  return true;
}

/** Every GoogleAdsField the fake knows: our report resources, the attribute resources, every metric and segment. */
export function fakeFieldMetadata(): FakeFieldMeta[] {
  const metrics = GAQL_FIELDS.filter((f) => f.gaqlCategory === "METRIC");
  const segments = GAQL_FIELDS.filter((f) => f.gaqlCategory === "SEGMENT");
  const reports = new Map(GOOGLE_ADS_REPORTS.map((r) => [r.resource, r]));
  const resources = [...new Set(GOOGLE_ADS_REPORTS.flatMap((r) => [r.resource, ...r.attributeResources]))];
  const base = { selectable: true, filterable: true, sortable: true, isRepeated: false, enumValues: [] as string[], attributeResources: [] as string[], metrics: [] as string[], segments: [] as string[] };
  const out: FakeFieldMeta[] = [];
  for (const resource of resources) {
    const report = reports.get(resource);
    const ms = report ? metrics.filter((m) => metricAvailableFrom(m, resource)).map((m) => m.gaql) : [];
    const ss = report ? segments.filter((s) => segmentAvailableFrom(s, resource)).map((s) => s.gaql) : [];
    const attributeResources = report ? report.attributeResources.filter((r) => r !== resource) : [];
    out.push({ ...base, name: resource, category: "RESOURCE", dataType: "MESSAGE", attributeResources, metrics: ms, segments: ss, selectableWith: [...attributeResources, ...ss, ...ms] });
  }
  const reportResources = GOOGLE_ADS_REPORTS.map((r) => r.resource);
  for (const m of metrics) {
    out.push({
      ...base,
      name: m.gaql,
      category: "METRIC",
      dataType: m.dataType,
      isRepeated: Boolean(m.repeated),
      selectableWith: [...reportResources.filter((r) => metricAvailableFrom(m, r)), ...segments.filter((s) => pairAllowed(s, m)).map((s) => s.gaql)],
    });
  }
  for (const s of segments) {
    out.push({
      ...base,
      name: s.gaql,
      category: "SEGMENT",
      dataType: s.dataType,
      enumValues: [...(s.enumValues ?? [])],
      selectableWith: [
        ...reportResources.filter((r) => segmentAvailableFrom(s, r)),
        ...segments.filter((o) => o !== s && pairAllowed(s, o)).map((o) => o.gaql),
        ...metrics.filter((m) => pairAllowed(s, m)).map((m) => m.gaql),
      ],
    });
  }
  for (const a of GAQL_FIELDS.filter((f) => f.gaqlCategory === "ATTRIBUTE")) {
    out.push({ ...base, name: a.gaql, category: "ATTRIBUTE", dataType: a.dataType, isRepeated: Boolean(a.repeated), enumValues: [...(a.enumValues ?? [])], selectableWith: reportResources.filter((r) => reports.get(r)!.attributeResources.includes(resourceOf(a.gaql))) });
  }
  return out;
}
