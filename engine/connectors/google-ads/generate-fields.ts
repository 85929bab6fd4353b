// Writes fields.generated.ts: every Google Ads metric and segment, and the attributes of the
// resources our reports read, from the API's own metadata as the google-ads-api package ships it
// (never typed by hand). Run: npx tsx engine/connectors/google-ads/generate-fields.ts
// generate-fields.test.ts fails when the committed file differs from what this writes.
//
// Sources (devDependencies, never imported by the app or the worker):
// - google-ads-api build/cjs/protos/autogen/fields.d.ts: the GAQL field lists (types Metric,
//   Segment, Attribute) and fields.js `fieldDataTypes`: each metric's and segment's data type.
// - google-ads-node build/protos: the .proto files, parsed with protobufjs (already installed with
//   google-gax), for each field's comment (our description), proto type, enum members and
//   whether it is repeated. The proto imports outside google/ads come from google-gax's protos.
//
// Rules applied (Google Ads conventions, documented at developers.google.com/google-ads/api):
// - ids: metrics.X -> X, segments.X -> X (dots as underscores), <resource>.<path> -> <resource>_<path>;
//   a trailing _micros is dropped because the value is divided by 1,000,000. A few ids keep the
//   names the connector had before the catalogue was generated (LEGACY_IDS), so existing jobs,
//   alerts and saved queries keep working.
// - micros: fields named *_micros, and the cost-of-one-thing metrics Google reports in micros
//   without the suffix (average_cpc/cpm/cpe/cpv/cost, active_view_cpm, cost_per_*).
// - aggregation: additive counts and amounts SUM; rates, averages, shares, per-x values, scores and
//   statistical bounds AVG (recomputed, never summed); metrics whose comment says they "cannot be
//   aggregated" (unique users) AUTO; non-numeric metrics (dates, enums) AUTO.
// - category: the API's kind (metric, segment, attribute of a resource) refined by name families
//   (conversions, video, competitive metrics, ...; segments: time, geography, products, ...).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Aggregation, FieldType } from "../../core/types.js";
import type { GaqlDataType, GeneratedGaqlField } from "./gaql-field.js";
import { ATTRIBUTE_RESOURCES } from "./reports.js";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
export const GENERATED_FILE = join(here, "fields.generated.ts");

const API_VERSION = "v25";

/** Ids the hand-written catalogue used before generation (jobs, alerts and queries refer to them). */
const LEGACY_IDS: Record<string, string> = {
  "customer.id": "account_id",
  "customer.descriptive_name": "account_name",
  "customer.currency_code": "account_currency",
  "campaign.advertising_channel_type": "campaign_type",
  "campaign_budget.amount_micros": "campaign_budget",
  "metrics.conversions_value": "conversion_value",
};

/** Names the hand-written catalogue used for the same fields. */
const LEGACY_NAMES: Record<string, string> = {
  account_id: "Account ID",
  account_name: "Account name",
  account_currency: "Account currency",
  campaign_type: "Campaign type",
  campaign_budget: "Campaign budget",
  cost: "Cost",
  ctr: "CTR",
};

const ACRONYMS = new Map<string, string>([["urls", "URLs"], ["ids", "IDs"], ["youtube", "YouTube"]]);
for (const word of ["id", "ctr", "cpc", "cpm", "cpe", "cpv", "cpa", "url", "roas", "sk", "amp", "api", "gclid", "dsa", "pmax", "p90", "cpi", "html5", "ios", "tv", "ui", "utc", "sku", "dma"]) ACRONYMS.set(word, word.toUpperCase());

function humanize(id: string): string {
  const words = id.split(/[_.]+/).filter(Boolean).map((w) => ACRONYMS.get(w) ?? w);
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const RESOURCE_LABEL: Record<string, string> = {
  customer: "Account",
  campaign: "Campaign",
  campaign_budget: "Campaign budget",
  ad_group: "Ad group",
  ad_group_ad: "Ad",
  ad_group_criterion: "Ad group criterion (keyword, audience, demographic)",
  keyword_view: "Keyword view",
  search_term_view: "Search term",
  geographic_view: "Geographic view",
  user_location_view: "User location view",
  asset_group: "Asset group",
  shopping_performance_view: "Shopping performance view",
  age_range_view: "Age range view",
  gender_view: "Gender view",
  parental_status_view: "Parental status view",
  income_range_view: "Income range view",
  landing_page_view: "Landing page",
};

/** Name families of metrics, first match wins (the API itself has one METRIC category). */
const METRIC_CATEGORIES: [RegExp, string][] = [
  [/^(search|content)_.*(impression_share|click_share)$|^(absolute_)?top_impression_percentage$|^search_.*_lost_/, "Metrics: competitive (impression share)"],
  [/^active_view/, "Metrics: Active View"],
  [/video|trueview|youtube|^engagement|^engagements$/, "Metrics: video and engagement"],
  [/lift|incremental|p90|_p_value$|winner_score|point_estimate|margin_of_error|^control_|headroom/, "Metrics: lift and experiments"],
  [/hotel/, "Metrics: hotels"],
  [/cart|orders$|units_sold|revenue|gross_profit|cost_of_goods|order_value|cross_sell|^lead_|^all_lead_|new_customer|^all_new_customer/, "Metrics: shopping and cart data"],
  [/conversion|value_per|^sk_ad_network|biddable|value_adjustment|results_conversions/, "Metrics: conversions"],
  [/quality|predicted_ctr|speed_score|mobile_friendly|accelerated_mobile/, "Metrics: quality"],
  [/unique_users|frequency_per_user/, "Metrics: reach and frequency"],
  [/invalid/, "Metrics: invalid clicks"],
  [/phone|message|gmail|store_visits|location_asset|store_reach|^organic|^publisher_|search_volume|query_clusters/, "Metrics: calls, messages and other surfaces"],
  [/asset_|linked_/, "Metrics: assets"],
];

const SEGMENT_CATEGORIES: [RegExp, string][] = [
  [/^(date|week|month|quarter|year|day_of_week|hour|month_of_year)$/, "Segments: time"],
  [/^(geo_target_|country|activity_(city|country|state))/, "Segments: geography"],
  [/^product_/, "Segments: products"],
  [/conversion|external_activity|new_versus_returning|^loyalty/, "Segments: conversions"],
  [/hotel|partner_hotel|^travel_|^vertical_ads|^activity_/, "Segments: travel and vertical ads"],
  [/^sk_ad_network/, "Segments: SKAdNetwork (iOS)"],
  [/^(search_|keyword|match_type|webpage)/, "Segments: search"],
];

/** How an attribute's name starts: "Campaign start date", "Ad final URLs", "Criterion keyword text". */
const RESOURCE_SHORT: Record<string, string> = { customer: "Account", ad_group_ad: "Ad", ad_group_criterion: "Criterion", campaign_budget: "Budget" };

function attributeName(gaql: string): string {
  const [resource, ...path] = gaql.split(".");
  // ad_group_ad.ad.final_urls is the ad's own field: "Ad final URLs", not "Ad ad final URLs".
  const rest = resource === "ad_group_ad" && path[0] === "ad" && path.length > 1 ? path.slice(1) : path;
  const short = RESOURCE_SHORT[resource] ?? humanize(resource);
  const tail = humanize(rest.join("_").replace(/_micros$/, ""));
  return `${short} ${tail.charAt(0).toLowerCase()}${tail.slice(1)}`;
}

const categoryOf = (name: string, table: [RegExp, string][], fallback: string) => table.find(([re]) => re.test(name))?.[1] ?? fallback;

/** Cost-of-one-thing metrics Google reports in micros although their name has no _micros. */
const MICROS_WITHOUT_SUFFIX = /^(average_(cost|cpc|cpe|cpm|cpv)|trueview_average_cpv|active_view_cpm|benchmark_average_max_cpc|(control_)?cost_per_[a-z0-9_]+)$/;
const NOT_MONEY = /(_p_value|winner_score)$/;
/** Rates, averages, shares, per-x values, scores and statistical figures: recomputed, never summed. */
const NON_ADDITIVE = /(^|_)(rate|ctr|share|percentage|percent|average|avg|per|score|margin|p_value|bound|estimate|uplift|lift|position|quality|ratio|roas|frequency|cpm|cpc|cpe|cpv|speed|commission)(_|$)/;
const PERCENT = /(^|_)(rate|ctr|share|percentage|percent|margin)(_|$)/;
const MONEY = /(^|_)(value|values|cost|revenue|profit|cpc|cpm|cpe|cpv|bid|budget|amount|spend|price)(_|$)/;

// ---------------------------------------------------------------------------------------------
// Package inputs

interface Proto {
  root: import("protobufjs").Root;
  lookup(name: string): import("protobufjs").Type;
}

/** The installed package's folder (found from its entry point: some packages do not export package.json). */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!existsSync(join(dir, "package.json")) || (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string }).name !== name) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`Cannot find the folder of the ${name} package.`);
    dir = up;
  }
  return dir;
}

export function packageVersions(): { api: string; node: string } {
  const version = (name: string) => (JSON.parse(readFileSync(join(packageDir(name), "package.json"), "utf8")) as { version: string }).version;
  return { api: version("google-ads-api"), node: version("google-ads-node") };
}

/** The Metric, Segment and Attribute unions of fields.d.ts. */
function gaqlLists(): { metrics: string[]; segments: string[]; attributes: string[] } {
  const source = readFileSync(join(packageDir("google-ads-api"), "build/cjs/protos/autogen/fields.d.ts"), "utf8");
  const union = (type: string) => {
    const match = new RegExp(`type ${type} = ([^;]+);`).exec(source);
    if (!match) throw new Error(`google-ads-api fields.d.ts has no "type ${type}" union any more: update generate-fields.ts.`);
    return match[1].split("|").map((part) => part.trim().replace(/^"|"$/g, ""));
  };
  return { metrics: union("Metric"), segments: union("Segment"), attributes: union("Attribute") };
}

/** fieldDataTypes' data type of metrics.X and segments.X (nested segments flattened). */
function dataTypes(): Map<string, string> {
  const { fieldDataTypes } = require(join(packageDir("google-ads-api"), "build/cjs/protos/autogen/fields.js")) as { fieldDataTypes: string };
  const parsed = JSON.parse(fieldDataTypes) as Record<string, Record<string, unknown>>;
  const out = new Map<string, string>();
  const walk = (prefix: string, node: unknown) => {
    if (typeof node === "string") out.set(prefix, node);
    else if (node && typeof node === "object" && !("$ref" in node)) for (const [k, v] of Object.entries(node)) walk(`${prefix}.${k}`, v);
    else out.set(prefix, "MESSAGE");
  };
  for (const group of ["metrics", "segments"]) for (const [k, v] of Object.entries(parsed[group])) walk(`${group}.${k}`, v);
  return out;
}

async function loadProtos(resources: readonly string[]): Promise<Proto> {
  const protobuf = (await import("protobufjs")).default;
  const adsProtos = join(packageDir("google-ads-node"), "build/protos");
  const gaxProtos = join(packageDir("google-gax"), "build/protos");
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => join(target.startsWith("google/ads/") ? adsProtos : gaxProtos, target);
  const base = `google/ads/googleads/${API_VERSION}`;
  root.loadSync([`${base}/common/metrics.proto`, `${base}/common/segments.proto`, ...resources.map((r) => `${base}/resources/${r}.proto`)], { keepCase: true, alternateCommentMode: true });
  root.resolveAll();
  return { root, lookup: (name) => root.lookupType(`google.ads.googleads.${API_VERSION}.${name}`) };
}

const pascal = (snake: string) => snake.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The proto field at a dotted path below a message, with its type and comment. */
function protoField(message: import("protobufjs").Type, path: string[]): import("protobufjs").Field {
  let type = message;
  for (const [i, key] of path.entries()) {
    const field = type.fields[key];
    if (!field) throw new Error(`${message.name}.${path.join(".")}: no field ${key} in ${type.name}`);
    if (i === path.length - 1) return field;
    if (!(field.resolvedType && "fields" in field.resolvedType)) throw new Error(`${message.name}.${path.join(".")}: ${key} is not a message`);
    type = field.resolvedType as import("protobufjs").Type;
  }
  throw new Error("empty path");
}

/**
 * The comment block above a field in its .proto file. protobufjs keeps comments only when the
 * declaration fits on one line; Google wraps long enum types onto two, so those are read here.
 */
function commentOf(field: import("protobufjs").Field): string {
  if (field.comment) return field.comment;
  const file = field.parent?.filename;
  if (!file) return "";
  let source = protoSources.get(file);
  if (source === undefined) protoSources.set(file, (source = readFileSync(file, "utf8")));
  const escaped = field.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`((?:[ \\t]*//[^\\n]*\\n)+)(?:[ \\t]*[^;/\\n]*\\n)*?[^;\\n]*\\b${escaped}\\s*=\\s*${field.id}\\b`).exec(source);
  return match ? match[1].split("\n").map((line) => line.replace(/^\s*\/\/ ?/, "")).join("\n") : "";
}
const protoSources = new Map<string, string>();

function describe(comment: string | null | undefined): string {
  const text = (comment ?? "")
    .split(/\n\s*\n/)[0]
    .replace(/^Output only\.\s*/i, "")
    .replace(/^Immutable\.\s*/i, "")
    .replace(/^Required\.\s*/i, "")
    .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 400 ? `${text.slice(0, 397).replace(/\s+\S*$/, "")}...` : text;
}

function protoDataType(field: import("protobufjs").Field): GaqlDataType {
  if (field.resolvedType && "values" in field.resolvedType) return "ENUM";
  if (field.resolvedType) return "MESSAGE";
  if (field.options?.["(google.api.resource_reference).type"]) return "RESOURCE_NAME";
  const scalar: Record<string, GaqlDataType> = { string: "STRING", int64: "INT64", int32: "INT32", uint64: "UINT64", double: "DOUBLE", float: "FLOAT", bool: "BOOLEAN", bytes: "STRING" };
  return scalar[field.type] ?? "STRING";
}

function enumValues(field: import("protobufjs").Field): string[] | undefined {
  const type = field.resolvedType;
  if (!type || !("values" in type)) return undefined;
  return Object.keys((type as import("protobufjs").Enum).values).filter((v) => v !== "UNSPECIFIED" && v !== "UNKNOWN");
}

// ---------------------------------------------------------------------------------------------
// Rules

/** GAQL names whose _micros twin also exists (metrics.x_value and metrics.x_value_micros): kept raw. */
let twins = new Set<string>();

function idOf(gaql: string): string {
  if (LEGACY_IDS[gaql]) return LEGACY_IDS[gaql];
  const [group, ...rest] = gaql.split(".");
  const path = twins.has(gaql) ? rest.join("_") : rest.join("_").replace(/_micros$/, "");
  if (group === "metrics" || group === "segments") return path;
  return `${group}_${path}`;
}

function isMicros(gaql: string, dataType: GaqlDataType): boolean {
  const leaf = gaql.split(".").pop()!;
  if (twins.has(gaql)) return false;
  if (leaf.endsWith("_micros")) return true;
  return gaql.startsWith("metrics.") && dataType === "DOUBLE" && MICROS_WITHOUT_SUFFIX.test(leaf) && !NOT_MONEY.test(leaf);
}

function metricTyping(leaf: string, dataType: GaqlDataType, micros: boolean, comment: string): { fieldType: FieldType; aggregation: Aggregation } {
  const name = leaf.replace(/_micros$/, "");
  if (dataType === "DATE") return { fieldType: /date_time$/.test(name) ? "DATETIME" : "YEAR_MONTH_DAY", aggregation: "AUTO" };
  if (dataType === "ENUM" || dataType === "STRING" || dataType === "MESSAGE") return { fieldType: "TEXT", aggregation: "AUTO" };
  const aggregation: Aggregation = /cannot be aggregated/i.test(comment) ? "AUTO" : NON_ADDITIVE.test(name) ? "AVG" : "SUM";
  let fieldType: FieldType = "NUMBER";
  if (micros && !PERCENT.test(name)) fieldType = "CURRENCY";
  else if (PERCENT.test(name)) fieldType = "PERCENT";
  else if (dataType === "DOUBLE" && MONEY.test(name) && !/conversions?$/.test(name)) fieldType = "CURRENCY";
  return { fieldType, aggregation };
}

function dimensionType(gaql: string, dataType: GaqlDataType, repeated: boolean): FieldType {
  const leaf = gaql.split(".").pop()!;
  if (repeated || dataType === "MESSAGE") return "TEXT";
  if (gaql === "segments.hour") return "HOUR";
  if (dataType === "DATE" || /(^|_)date$/.test(leaf)) return "YEAR_MONTH_DAY";
  if (/date_time$/.test(leaf)) return "DATETIME";
  if (dataType === "BOOLEAN") return "BOOLEAN";
  if (/(^|_)url$/.test(leaf)) return "URL";
  if (isMicros(gaql, dataType)) return "NUMBER";
  if ((dataType === "INT64" || dataType === "INT32" || dataType === "DOUBLE" || dataType === "UINT64") && !/(^|_)id$/.test(leaf)) return "NUMBER";
  return "TEXT";
}

/** "can only be selected with `ChannelAggregateAssetView` and `CampaignAggregateAssetView`" -> snake names. */
function onlyWith(comment: string): string[] | undefined {
  const match = /can only be selected with ((?:`\w+`(?:,? and |, )?)+)/i.exec(comment.replace(/\s+/g, " "));
  if (!match) return undefined;
  return [...match[1].matchAll(/`(\w+)`/g)].map((m) => m[1].replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase());
}

export async function generateFields(): Promise<GeneratedGaqlField[]> {
  const lists = gaqlLists();
  const all = new Set([...lists.metrics, ...lists.segments, ...lists.attributes]);
  twins = new Set([...all].filter((name) => name.endsWith("_micros") && all.has(name.replace(/_micros$/, ""))));
  const types = dataTypes();
  const proto = await loadProtos(ATTRIBUTE_RESOURCES);
  const metricsType = proto.lookup("common.Metrics");
  const segmentsType = proto.lookup("common.Segments");
  const out: GeneratedGaqlField[] = [];

  for (const gaql of lists.metrics) {
    const path = gaql.split(".").slice(1);
    const field = protoField(metricsType, path);
    const raw = types.get(gaql) ?? protoDataType(field);
    const dataType = (raw === "STRING" && field.repeated ? "STRING" : raw) as GaqlDataType;
    const micros = isMicros(gaql, dataType);
    const comment = commentOf(field);
    const leaf = path[path.length - 1];
    const id = idOf(gaql);
    const typing = metricTyping(leaf, dataType, micros, comment);
    out.push({
      id,
      name: LEGACY_NAMES[id] ?? humanize(id),
      description: withUnit(describe(comment), micros, typing.fieldType),
      type: "metric",
      ...typing,
      category: categoryOf(leaf, METRIC_CATEGORIES, "Metrics: performance"),
      gaql,
      gaqlCategory: "METRIC",
      dataType,
      ...(micros ? { micros: true as const } : {}),
      ...(field.repeated ? { repeated: true as const } : {}),
      ...(enumValues(field) ? { enumValues: enumValues(field) } : {}),
      ...(onlyWith(comment) ? { onlyWith: onlyWith(comment) } : {}),
    });
  }

  for (const gaql of lists.segments) {
    const path = gaql.split(".").slice(1);
    const field = protoField(segmentsType, path);
    const dataType = (types.get(gaql) ?? protoDataType(field)) as GaqlDataType;
    out.push(dimensionEntry(gaql, field, dataType, categoryOf(path.join("_"), SEGMENT_CATEGORIES, "Segments: ad delivery"), "SEGMENT"));
  }

  for (const resource of ATTRIBUTE_RESOURCES) {
    const message = proto.lookup(`resources.${pascal(resource)}`);
    for (const gaql of lists.attributes) {
      if (!gaql.startsWith(`${resource}.`) || gaql.endsWith(".resource_name")) continue;
      const field = protoField(message, gaql.split(".").slice(1));
      out.push(dimensionEntry(gaql, field, protoDataType(field), RESOURCE_LABEL[resource] ?? humanize(resource), "ATTRIBUTE"));
    }
  }

  // Ids are the catalogue's keys: a collision (a segment named like a metric) gets a prefix.
  const seen = new Map<string, GeneratedGaqlField>();
  for (const field of out) {
    if (seen.has(field.id)) {
      if (field.gaqlCategory !== "SEGMENT") throw new Error(`Two Google Ads fields map to the id ${field.id}: ${seen.get(field.id)!.gaql} and ${field.gaql}`);
      field.id = `segment_${field.id}`;
      field.name = `${field.name} (segment)`;
    }
    if (seen.has(field.id)) throw new Error(`Two Google Ads fields map to the id ${field.id}`);
    seen.set(field.id, field);
  }
  return out;
}

function withUnit(description: string, micros: boolean, fieldType: FieldType): string {
  if (!micros) return description;
  return `${description}${description.endsWith(".") || !description ? "" : "."} ${fieldType === "CURRENCY" ? "In the account currency (the API's micros divided by 1,000,000)." : "The API's micros divided by 1,000,000."}`.trim();
}

function dimensionEntry(gaql: string, field: import("protobufjs").Field, dataType: GaqlDataType, category: string, gaqlCategory: "SEGMENT" | "ATTRIBUTE"): GeneratedGaqlField {
  const id = idOf(gaql);
  const micros = isMicros(gaql, dataType);
  const values = enumValues(field);
  const repeated = field.repeated;
  return {
    id,
    name: LEGACY_NAMES[id] ?? (gaqlCategory === "ATTRIBUTE" ? attributeName(gaql) : humanize(id)),
    description: withUnit(describe(commentOf(field)), micros, "NUMBER") + (repeated ? " A list, written as JSON text." : ""),
    type: "dimension",
    fieldType: dimensionType(gaql, dataType, repeated),
    aggregation: "NONE",
    category,
    gaql,
    gaqlCategory,
    dataType: repeated && dataType !== "MESSAGE" ? dataType : dataType,
    ...(micros ? { micros: true as const } : {}),
    ...(repeated ? { repeated: true as const } : {}),
    ...(values ? { enumValues: values } : {}),
  };
}

export async function renderGeneratedFields(): Promise<string> {
  const fields = await generateFields();
  const versions = packageVersions();
  const lists = gaqlLists();
  const lines = [
    `// Generated by engine/connectors/google-ads/generate-fields.ts from google-ads-api ${versions.api} and google-ads-node ${versions.node} (Google Ads API ${API_VERSION}): do not edit.`,
    "// Regenerate: npx tsx engine/connectors/google-ads/generate-fields.ts (generate-fields.test.ts fails when this file is stale).",
    'import type { GeneratedGaqlField } from "./gaql-field.js";',
    "",
    `export const GENERATED_FROM = ${JSON.stringify(`google-ads-api ${versions.api} (Google Ads API ${API_VERSION})`)};`,
    "",
    "/** The platform's own counts: every metric and segment of the API, every attribute of every resource. */",
    `export const PLATFORM_COUNTS = ${JSON.stringify({ metrics: lists.metrics.length, segments: lists.segments.length, attributes: lists.attributes.length })};`,
    "",
    "export const GAQL_FIELDS: readonly GeneratedGaqlField[] = [",
    ...fields.map((f) => `  ${JSON.stringify(f)},`),
    "];",
    "",
  ];
  return lines.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GENERATED_FILE, await renderGeneratedFields());
  console.log(`Wrote ${GENERATED_FILE}`);
}
