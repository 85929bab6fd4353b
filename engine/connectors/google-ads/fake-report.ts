// The Google Ads fake's GAQL reports over any resource of reports.ts and any column of the
// generated catalogue: the query is parsed, checked against the fake's compatibility rules
// (fake-metadata.ts: the same rules googleAdsFields:search serves) and answered with rows from
// fake-data.ts. Test-only.
import type { SplitOf } from "../../../tests/fakes/support/field-values.js";
import { daysBetween } from "../../../tests/fakes/support/seeded.js";
import { dimensionValue, FAKE_FIELD_BY_GAQL, impressionsOf, metricValue, segmentMembers, segmentValue, TIME_SEGMENTS, timeValue, type FakeCampaign, type MetricScope } from "./fake-data.js";
import { metricAvailableFrom, pairAllowed, segmentAvailableFrom } from "./fake-metadata.js";
import type { GeneratedGaqlField } from "./gaql-field.js";
import { GOOGLE_ADS_REPORTS } from "./reports.js";

export interface ReportWorld {
  customer: { id: string; name: string; timeZone: string; currency: string; status: string };
  campaigns: FakeCampaign[];
  ads(adGroupId: string): { id: string; status: string; finalUrls: string[] }[];
  productIds: string[];
}

/** A rejected query, in the Google Ads error code the API would use. */
export interface QueryRejection {
  queryError: string;
  message: string;
}

const REPORTS = new Map(GOOGLE_ADS_REPORTS.map((r) => [r.resource, r]));
const QUERY = /^SELECT (?<select>.+?) FROM (?<resource>\w+)(?: WHERE (?<where>.+?))?(?: ORDER BY (?<order>.+?))?(?: LIMIT (?<limit>\d+))?$/;
const DATE_RANGE = /segments\.date BETWEEN '(\d{4}-\d{2}-\d{2})' AND '(\d{4}-\d{2}-\d{2})'/;

interface RowContext {
  adGroups: string[];
  /** The instance of each resource in the row, for generated attribute values. */
  keys: Record<string, string>;
  known: Record<string, unknown>;
  /** The view's split of its ad group (keywords, search terms, ...), when the resource is a view. */
  view?: SplitOf;
}

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function setPath(target: Record<string, unknown>, gaql: string, value: unknown): void {
  if (value === undefined) return;
  const parts = gaql.split(".").map(camel);
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}

function enumOf(gaql: string): string[] {
  return [...(FAKE_FIELD_BY_GAQL.get(gaql)?.enumValues ?? [])];
}

/** Members of a view per ad group, each with the known attribute values it carries. */
function viewMembers(resource: string, world: ReportWorld, adGroupId: string): { member: string; known: Record<string, unknown> }[] {
  const criterion = (type: string, gaql: string, values: string[]) =>
    values.slice(0, 4).map((value, i) => ({ member: value, known: { "ad_group_criterion.criterion_id": `${adGroupId}${40 + i}`, "ad_group_criterion.type": type, [gaql]: value } }));
  switch (resource) {
    case "ad_group_ad":
      return world.ads(adGroupId).map((ad) => ({ member: ad.id, known: { "ad_group_ad.ad.id": ad.id, "ad_group_ad.status": ad.status, "ad_group_ad.ad.final_urls": ad.finalUrls } }));
    case "keyword_view":
      return ["running shoes", "trail shoes"].map((text, i) => ({
        member: `${adGroupId}3${i + 1}`,
        known: { "ad_group_criterion.criterion_id": `${adGroupId}3${i + 1}`, "ad_group_criterion.type": "KEYWORD", "ad_group_criterion.keyword.text": text, "ad_group_criterion.keyword.match_type": i === 0 ? "EXACT" : "PHRASE" },
      }));
    case "search_term_view":
      return ["running shoes sale", "best trail shoes", "shoes near me"].map((term) => ({ member: term, known: { "search_term_view.search_term": term, "search_term_view.status": "NONE" } }));
    case "geographic_view":
      return [["2250", "LOCATION_OF_PRESENCE"], ["2840", "AREA_OF_INTEREST"]].map(([country, type]) => ({ member: `${country}~${type}`, known: { "geographic_view.country_criterion_id": country, "geographic_view.location_type": type } }));
    case "user_location_view":
      return ["2250", "2840"].map((country, i) => ({ member: country, known: { "user_location_view.country_criterion_id": country, "user_location_view.targeting_location": i === 0 } }));
    case "shopping_performance_view":
      return world.productIds.map((item) => ({ member: item, known: {} }));
    case "age_range_view":
      return criterion("AGE_RANGE", "ad_group_criterion.age_range.type", enumOf("ad_group_criterion.age_range.type"));
    case "gender_view":
      return criterion("GENDER", "ad_group_criterion.gender.type", enumOf("ad_group_criterion.gender.type"));
    case "parental_status_view":
      return criterion("PARENTAL_STATUS", "ad_group_criterion.parental_status.type", enumOf("ad_group_criterion.parental_status.type"));
    case "income_range_view":
      return criterion("INCOME_RANGE", "ad_group_criterion.income_range.type", enumOf("ad_group_criterion.income_range.type"));
    case "landing_page_view":
      return ["/", "/sale"].map((path) => ({ member: path, known: { "landing_page_view.unexpanded_final_url": `https://shop-${world.customer.id}.example.com${path}` } }));
    default:
      // Views without a model of their own: two generated members per ad group.
      return [1, 2].map((n) => ({ member: `${resource}-${adGroupId}-${n}`, known: {} }));
  }
}

/** The rows a resource has before segmentation: one per entity, or per view member of each ad group. */
function rowContexts(resource: string, world: ReportWorld): RowContext[] {
  const { customer } = world;
  const customerKnown = {
    "customer.id": customer.id,
    "customer.descriptive_name": customer.name,
    "customer.currency_code": customer.currency,
    "customer.time_zone": customer.timeZone,
    "customer.status": customer.status,
  };
  const campaignKnown = (c: FakeCampaign) => ({
    ...customerKnown,
    "campaign.id": c.id,
    "campaign.name": c.name,
    "campaign.status": c.status,
    "campaign.advertising_channel_type": c.type,
    "campaign_budget.amount_micros": String(c.budgetMicros),
    "segments.campaign": `customers/${customer.id}/campaigns/${c.id}`,
  });
  const groups = world.campaigns.flatMap((c) => c.adGroups.map((g) => ({ c, g })));
  const groupKnown = (c: FakeCampaign, g: FakeCampaign["adGroups"][number]) => ({
    ...campaignKnown(c),
    "ad_group.id": g.id,
    "ad_group.name": g.name,
    "ad_group.status": g.status,
    "ad_group.campaign": `customers/${customer.id}/campaigns/${c.id}`,
    "segments.ad_group": `customers/${customer.id}/adGroups/${g.id}`,
  });
  if (resource === "customer") return [{ adGroups: groups.map((x) => x.g.id), keys: { customer: customer.id }, known: customerKnown }];
  if (resource === "campaign") return world.campaigns.map((c) => ({ adGroups: c.adGroups.map((g) => g.id), keys: { customer: customer.id, campaign: c.id, campaign_budget: `${c.id}b` }, known: campaignKnown(c) }));
  if (resource === "asset_group") {
    return world.campaigns.map((c) => {
      const id = `${c.id}77`;
      return {
        adGroups: c.adGroups.map((g) => g.id),
        keys: { customer: customer.id, campaign: c.id, asset_group: id },
        known: { ...campaignKnown(c), "asset_group.id": id, "asset_group.name": `${c.name} assets`, "asset_group.campaign": `customers/${customer.id}/campaigns/${c.id}`, "segments.asset_group": `customers/${customer.id}/assetGroups/${id}` },
      };
    });
  }
  if (resource === "ad_group") return groups.map(({ c, g }) => ({ adGroups: [g.id], keys: { customer: customer.id, campaign: c.id, ad_group: g.id }, known: groupKnown(c, g) }));
  // Views: each ad group's cells are split over the view's members.
  const out: RowContext[] = [];
  for (const { c, g } of groups) {
    const members = viewMembers(resource, world, g.id);
    for (const { member, known } of members) {
      const criterionKey = String(known["ad_group_criterion.criterion_id"] ?? member);
      out.push({
        adGroups: [g.id],
        keys: { customer: customer.id, campaign: c.id, ad_group: g.id, ad_group_ad: member, ad_group_criterion: criterionKey, [resource]: member },
        known: { ...groupKnown(c, g), ...known },
        view: { dimension: resource, members: members.map((m) => m.member), member },
      });
    }
  }
  return out;
}

/** The fake's rule check of a query's columns (what the API answers with a QueryError). */
function checkColumns(resource: string, fields: GeneratedGaqlField[]): QueryRejection | undefined {
  const report = REPORTS.get(resource)!;
  for (const f of fields) {
    if (f.gaqlCategory === "METRIC" && !metricAvailableFrom(f, resource)) return { queryError: "PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE", message: `Cannot select or filter on the following metrics: '${f.gaql}' (could not support requested resources: '${resource}')` };
    if (f.gaqlCategory === "SEGMENT" && !segmentAvailableFrom(f, resource)) return { queryError: "PROHIBITED_SEGMENT_IN_SELECT_OR_WHERE_CLAUSE", message: `Cannot select or filter on the following segments: '${f.gaql}' (could not support requested resources: '${resource}')` };
    if (f.gaqlCategory === "ATTRIBUTE" && !report.attributeResources.includes(f.gaql.split(".")[0])) return { queryError: "PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE", message: `Cannot select fields from resource '${f.gaql.split(".")[0]}' FROM '${resource}'.` };
  }
  for (const a of fields) {
    for (const b of fields) {
      if (a !== b && !pairAllowed(a, b)) return { queryError: "PROHIBITED_SEGMENT_WITH_METRIC_IN_SELECT_OR_WHERE_CLAUSE", message: `Cannot select or filter on the following segments with the metrics: '${a.gaqlCategory === "SEGMENT" ? a.gaql : b.gaql}' with '${a.gaqlCategory === "SEGMENT" ? b.gaql : a.gaql}'.` };
    }
  }
  return undefined;
}

/** The WHERE's simple conditions besides the date range: field = / != / IN literal(s). */
function conditionsOf(where: string): ((row: Record<string, unknown>) => boolean)[] {
  const rest = where.replace(DATE_RANGE, "").split(/\s+AND\s+/i).map((s) => s.trim()).filter(Boolean);
  return rest.flatMap((part) => {
    const m = /^([a-z0-9_.]+)\s*(=|!=|IN|NOT IN)\s*(.+)$/i.exec(part);
    if (!m) return [];
    const values = [...m[3].matchAll(/'([^']*)'|"([^"]*)"|(-?\d+(?:\.\d+)?)|([A-Z_]+)/g)].map((v) => v[1] ?? v[2] ?? v[3] ?? v[4]);
    const negate = m[2].startsWith("!") || /^NOT/i.test(m[2]);
    return [(row: Record<string, unknown>) => (values.includes(String(row[m[1]] ?? "")) ? !negate : negate)];
  });
}

/** The rows of a report query, or the API's rejection of it. */
export function runReportGaql(world: ReportWorld, query: string): Record<string, unknown>[] | QueryRejection {
  const m = QUERY.exec(query.trim());
  if (!m?.groups) return { queryError: "UNEXPECTED_INPUT", message: "Error in query: unexpected input." };
  const { select, resource, where = "", limit } = m.groups;
  if (!REPORTS.has(resource)) return { queryError: "BAD_RESOURCE_TYPE_IN_FROM_CLAUSE", message: `Error in query: '${resource}' is not a resource the fake reads.` };
  const columns = select.split(",").map((c) => c.trim());
  const fields: GeneratedGaqlField[] = [];
  for (const column of columns) {
    const f = FAKE_FIELD_BY_GAQL.get(column);
    if (!f) return { queryError: "UNRECOGNIZED_FIELD", message: `Unrecognized field in the query: '${column}'.` };
    fields.push(f);
  }
  const rejected = checkColumns(resource, fields);
  if (rejected) return rejected;
  const range = DATE_RANGE.exec(where);
  const days = range ? daysBetween(range[1], range[2]) : [];
  const metrics = fields.filter((f) => f.gaqlCategory === "METRIC");
  if (metrics.length > 0 && !range) return { queryError: "EXPECTED_FILTERS_ON_DATE_RANGE", message: "A finite date range is required for metrics." };
  const timeColumns = columns.filter((c) => TIME_SEGMENTS.has(c));
  const hourly = columns.includes("segments.hour");
  const splitSegments = fields.filter((f) => f.gaqlCategory === "SEGMENT" && !TIME_SEGMENTS.has(f.gaql) && f.gaql !== "segments.hour" && f.dataType !== "RESOURCE_NAME");
  const filters = conditionsOf(where);

  // Days grouped by the selected time segments (a week row sums its days).
  const groups = new Map<string, string[]>();
  for (const day of days) {
    const key = timeColumns.map((c) => String(timeValue(c, day))).join("|");
    groups.set(key, [...(groups.get(key) ?? []), day]);
  }
  const slots: { days: string[]; hours?: number[] }[] = [];
  for (const groupDays of groups.values()) {
    if (hourly) for (let h = 0; h < 24; h++) slots.push({ days: groupDays, hours: [h] });
    else slots.push({ days: groupDays });
  }
  if (days.length === 0) slots.push({ days: [] });

  // Every combination of the selected segments' members.
  let cells: SplitOf[][] = [[]];
  for (const s of splitSegments) {
    const members = segmentMembers(s);
    cells = cells.flatMap((cell) => members.map((member) => [...cell, { dimension: s.gaql, members, member }]));
  }

  const rows: Record<string, unknown>[] = [];
  for (const ctx of rowContexts(resource, world)) {
    for (const slot of slots) {
      for (const cell of cells) {
        const scope: MetricScope = { adGroups: ctx.adGroups, days: slot.days, hours: slot.hours, cell: ctx.view ? [ctx.view, ...cell] : cell };
        if (metrics.length > 0 && impressionsOf(scope) === 0) continue;
        const values: Record<string, unknown> = {};
        for (const f of fields) {
          if (TIME_SEGMENTS.has(f.gaql)) values[f.gaql] = timeValue(f.gaql, slot.days[0]);
          else if (f.gaql === "segments.hour") values[f.gaql] = slot.hours?.[0];
          else if (f.gaqlCategory === "METRIC") values[f.gaql] = metricValue(f, scope, `${ctx.keys[resource] ?? ctx.adGroups.join("+")}|${slot.days.join("+")}`);
          else if (f.gaqlCategory === "SEGMENT" && f.dataType !== "RESOURCE_NAME") values[f.gaql] = segmentValue(f, cell.find((c) => c.dimension === f.gaql)!.member);
          else values[f.gaql] = dimensionValue(f, ctx.keys[f.gaql.split(".")[0]] ?? ctx.keys[resource] ?? world.customer.id, ctx.known);
        }
        if (!filters.every((keep) => keep({ ...ctx.known, ...values }))) continue;
        const row: Record<string, unknown> = {};
        for (const f of fields) setPath(row, f.gaql, values[f.gaql]);
        rows.push(row);
      }
    }
  }
  return limit ? rows.slice(0, Number(limit)) : rows;
}
