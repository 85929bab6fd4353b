// Writes fields.generated.ts: every Meta Ads Insights field, breakdown and action breakdown, and
// one count, value and cost column per standard event, from the lists of Meta's own SDK (never
// typed by hand). Run: npx tsx engine/connectors/facebook-ads/generate-fields.ts
// generate-fields.test.ts fails when the committed file differs from what this writes.
//
// Source (a devDependency, never imported by the app or the worker): facebook-nodejs-business-sdk
// - AdsInsights.Fields, .Breakdowns, .ActionBreakdowns, .ActionAttributionWindows
// - AdPromotedObject.CustomEventType: the standard events (PURCHASE, LEAD, ADD_TO_CART, ...)
//
// The SDK lists names only. Types, aggregations, levels and categories follow Meta's documented
// semantics (developers.facebook.com/docs/marketing-api/reference/ads-insights/), applied by
// naming pattern:
// - dimensions: ids, names, currencies, start/end/created/updated times, targeting, rankings,
//   objective, optimization goal, buying type, attribution setting, date_start/date_stop; their
//   level follows their object (campaign_*, adset_*, ad_*; objective and buying type: campaign;
//   optimization goal, attribution setting and targeting: ad set; creative and labels: ad);
// - action lists (list<AdsActionStats>): actions, action values, conversions, *_actions, *_roas,
//   cost_per_action_type and the other per-action-type fields; we sum their entries (in the
//   chosen attribution window), and action breakdowns split them;
// - rates, averages, cost-per values, ROAS, bids, bounds: AVG (recomputed, never summed);
//   reach, unique_* and estimated recallers count people once: AUTO (not additive over days or
//   hours, and Graph omits them under hourly breakdowns); everything else SUM;
// - money: spend, cost_per_*, cpc, cpm, cpp, bids and values, in the account currency; *ctr and
//   *_rate are Graph percentages, divided by 100 into ratios;
// - action columns: for each standard event E, Graph's action types are omni_E (web, app and
//   offline merged), then E, offsite_conversion.fb_pixel_E, onsite_conversion.E and
//   app_custom_event.fb_mobile_E, first present wins (CONTENT_VIEW is view_content,
//   INITIATED_CHECKOUT initiate_checkout in pixel names);
// - breakdown families: age and gender combine (with at most one creative-asset breakdown); the
//   placement breakdowns (publisher_platform, platform_position, impression_device,
//   device_platform) combine; every other breakdown stands alone
//   (developers.facebook.com/docs/marketing-api/insights/breakdowns).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Aggregation, FieldType } from "../../core/types.js";
import type { GeneratedInsightsField, Level } from "./insights-field.js";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
export const GENERATED_FILE = join(here, "fields.generated.ts");

interface Sdk {
  AdsInsights: { Fields: Record<string, string>; Breakdowns: Record<string, string>; ActionBreakdowns: Record<string, string>; ActionAttributionWindows: Record<string, string> };
  AdPromotedObject: { CustomEventType: Record<string, string> };
}

export function loadSdk(): { sdk: Sdk; version: string } {
  const sdk = require("facebook-nodejs-business-sdk") as Sdk;
  const entry = require.resolve("facebook-nodejs-business-sdk");
  const version = (JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")) as { version: string }).version;
  return { sdk, version };
}

/** Ids the hand-written catalogue used before generation (jobs, alerts and saved queries refer to them). */
const LEGACY_IDS: Record<string, string> = {
  "field:date_start": "date",
  "field:spend": "cost",
  "field:inline_link_clicks": "link_clicks",
  "breakdown:hourly_stats_aggregated_by_advertiser_time_zone": "hour",
  "action:actions:purchase": "purchases",
  "action:action_values:purchase": "purchase_value",
  "action:actions:lead": "leads",
};

const LEGACY_NAMES: Record<string, string> = {
  date: "Date",
  hour: "Hour",
  cost: "Cost",
  link_clicks: "Link clicks",
  clicks: "Clicks (all)",
  purchases: "Purchases",
  purchase_value: "Purchase value",
  leads: "Leads",
};

const ACRONYMS = new Map<string, string>([
  ["id", "ID"], ["ids", "IDs"], ["ctr", "CTR"], ["cpc", "CPC"], ["cpm", "CPM"], ["cpp", "CPP"], ["roas", "ROAS"], ["dda", "DDA"], ["skan", "SKAN"], ["url", "URL"],
  ["dma", "DMA"], ["hsid", "HSID"], ["mmm", "MMM"], ["crm", "CRM"], ["ugc", "UGC"], ["rta", "RTA"], ["sot", "SOT"], ["ai", "AI"], ["app", "app"], ["fb", "FB"], ["mdsa", "MDSA"], ["adset", "ad set"], ["avg", "average"],
]);

function humanize(name: string): string {
  const text = name.split(/[_.]+/).filter(Boolean).map((w) => ACRONYMS.get(w) ?? w).join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---- field rules ----------------------------------------------------------------------------

const DIMENSION = /(_id|_ids|_name|_currency|_start|_end|_time|_targeting|_ranking|_indicator|_media_type)$|^(labels|location|objective|optimization_goal|buying_type|attribution_setting|date_start|date_stop)$/;
const ACTION_LIST =
  /(^|_)actions$|^action_values$|^(unique_)?conversions$|^conversion_values$|_roas$|^cost_per_(unique_)?action_type$|^cost_per_(unique_)?conversion$|^(unique_)?outbound_clicks(_ctr)?$|^cost_per_(unique_)?outbound_click$|^website_ctr$|^catalog_segment_|^converted_(promoted_)?product_|^cost_per_(15_sec_video_view|2_sec_continuous_video_view|thruplay)$|^(dda_)?results$|^cost_per_(result|objective_result|dda_countby_convs)$|^(objective_)?result_rate$|^objective_results$|^dda_countby_convs$|^interactive_component_tap$|^total_postbacks_detailed/;
const DISTINCT = /^(reach|full_view_reach|estimated_ad_recallers(_lower_bound|_upper_bound)?)$|^unique_/;
const NON_ADDITIVE = /^cost_per_|^cp[cmp]$|ctr$|_rate($|_)|^frequency$|_roas$|^average_|_per_|^auction_|^wish_bid$|_bound$|_avg_|_percent$|benchmark|_ranking$/;
const MONEY = /^(spend|social_spend|cpc|cpm|cpp|auction_bid|auction_max_competitor_bid|wish_bid)$|^cost_per_|_value(s)?$|_spend$|_cost_|_cost$/;
const PERCENT = /ctr$|_rate($|_)|_percent$/;
const DURATION = /_time_watched_actions$|_avg_view_time$/;

function levelOf(name: string): Level | undefined {
  if (/^campaign_|^(objective|buying_type)$/.test(name)) return "campaign";
  if (/^adset_|^(optimization_goal|attribution_setting|age_targeting|gender_targeting|location)$/.test(name)) return "adset";
  if (/^ad_(id|name)$|^(creative_media_type|labels|product_retailer_id|product_group_retailer_id|place_page_name)$/.test(name)) return "ad";
  return undefined;
}

const FIELD_CATEGORIES: [RegExp, string][] = [
  [DIMENSION, "Objects and settings"],
  [/^video_|thruplay|_video_view|^cost_per_15_sec|^cost_per_2_sec/, "Video"],
  [/^marketing_messages_/, "Marketing messages"],
  [/catalog_segment|converted_(promoted_)?product|^product_views$|shops_assisted/, "Catalog and shops"],
  [/recall|^canvas_|instant_experience|full_view/, "Brand and instant experience"],
  [/action|conversion|roas|purchase|result|lead|postback|dda|landing_page|value/, "Actions and conversions"],
  [/click|ctr|engagement|interactive/, "Clicks and engagement"],
  [/spend|^cost_per|^cp[cmp]$|bid|auction/, "Cost and auction"],
  [/impression|reach|frequency/, "Delivery"],
];

const BREAKDOWN_CATEGORIES: [RegExp, string, string?][] = [
  [/^(age|gender)$/, "Breakdowns: demographics", "demographics"],
  [/^(publisher_platform|platform_position|impression_device|device_platform)$/, "Breakdowns: placement and device", "placement"],
  [/^(country|region|dma|comscore_market)$/, "Breakdowns: geography"],
  [/hourly|impression_view_time/, "Breakdowns: time"],
  [/_asset$|^media_|asset_type$|^creative_|^gen_ai|flexible_format|^ad_format/, "Breakdowns: creative assets", "asset"],
  [/^product_/, "Breakdowns: product catalog"],
  [/skan|^app_id$|coarse_conversion|postback|fidelity|redownload|hsid|is_conversion_id_modeled/, "Breakdowns: apps and SKAdNetwork"],
  [/^crm_|^user_persona|^rule_set|^sot_|^mmm$|rta_ugc/, "Breakdowns: measurement and partners"],
];

function fieldTyping(name: string, list: boolean): { fieldType: FieldType; aggregation: Aggregation; percent?: true } {
  const aggregation: Aggregation = DISTINCT.test(name) ? "AUTO" : NON_ADDITIVE.test(name) ? "AVG" : "SUM";
  if (PERCENT.test(name)) return { fieldType: "PERCENT", aggregation, percent: true };
  if (DURATION.test(name)) return { fieldType: "DURATION", aggregation: "AVG" };
  if (MONEY.test(name)) return { fieldType: "CURRENCY", aggregation };
  return { fieldType: "NUMBER", aggregation: list && aggregation === "SUM" ? "SUM" : aggregation };
}

function fieldDescription(name: string, typing: { fieldType: FieldType; aggregation: Aggregation }, list: boolean): string {
  const parts = [`${humanize(name)}: the Insights API field ${name}.`];
  if (list) parts.push("Graph answers it per action type; this column sums the types in the chosen attribution window (split it with an action breakdown such as Action type).");
  if (typing.fieldType === "CURRENCY") parts.push("In the account currency.");
  if (typing.fieldType === "PERCENT") parts.push("A ratio (Graph's percentage divided by 100).");
  if (typing.fieldType === "DURATION") parts.push("In seconds.");
  if (typing.aggregation === "AUTO") parts.push("Counts each person once: not additive across days, hours or breakdowns.");
  if (typing.aggregation === "AVG") parts.push("A rate or average: recomputed for a period, never summed.");
  return parts.join(" ");
}

// ---- generation -----------------------------------------------------------------------------

const idOf = (key: string, natural: string) => LEGACY_IDS[key] ?? natural;

export function generateFields(): GeneratedInsightsField[] {
  const { sdk } = loadSdk();
  const out: GeneratedInsightsField[] = [];
  const breakdownNames = new Set(Object.values(sdk.AdsInsights.Breakdowns));

  for (const name of Object.values(sdk.AdsInsights.Fields)) {
    const id = idOf(`field:${name}`, name);
    if (DIMENSION.test(name) && !/^cost_per_|click|_avg_/.test(name)) {
      const fieldType: FieldType = name === "date_start" || name === "date_stop" ? "YEAR_MONTH_DAY" : /_(time|start|end)$/.test(name) ? "DATETIME" : "TEXT";
      const level = levelOf(name);
      out.push({
        id,
        name: LEGACY_NAMES[id] ?? humanize(name),
        description: name === "date_start" ? "The day, in the ad account's timezone (date_start)." : `${humanize(name)}: the Insights API field ${name}${level ? ` (${level} level or finer)` : ""}.`,
        type: "dimension",
        fieldType,
        aggregation: "NONE",
        category: "Objects and settings",
        api: name,
        source: "field",
        ...(level ? { level } : {}),
      });
      continue;
    }
    const list = ACTION_LIST.test(name);
    const typing = fieldTyping(name, list);
    out.push({
      id,
      name: LEGACY_NAMES[id] ?? humanize(name),
      description: fieldDescription(name, typing, list),
      type: "metric",
      fieldType: typing.fieldType,
      aggregation: typing.aggregation,
      category: FIELD_CATEGORIES.find(([re]) => re.test(name))?.[1] ?? "Delivery",
      api: name,
      source: "field",
      ...(list ? { shape: "actions" as const } : {}),
      ...(typing.percent ? { percent: true as const } : {}),
    });
  }

  for (const name of breakdownNames) {
    const id = idOf(`breakdown:${name}`, name);
    const [, category, family] = BREAKDOWN_CATEGORIES.find(([re]) => re.test(name)) ?? [undefined, "Breakdowns: other"];
    const hourly = /^hourly_stats/.test(name);
    out.push({
      id,
      name: LEGACY_NAMES[id] ?? humanize(name),
      description: hourly
        ? `Hour of the day (0-23) from the ${name} breakdown${name.includes("advertiser") ? ", in the ad account's timezone" : ", in the viewer's timezone"}.`
        : `Breakdown ${name}: rows split by ${humanize(name).toLowerCase()}.`,
      type: "dimension",
      fieldType: hourly ? "HOUR" : name === "frequency_value" ? "NUMBER" : name === "country" ? "COUNTRY_CODE" : "TEXT",
      aggregation: "NONE",
      category,
      api: name,
      source: "breakdown",
      ...(family ? { family } : {}),
    });
  }

  for (const name of Object.values(sdk.AdsInsights.ActionBreakdowns)) {
    // A name that is also a breakdown keeps its plain id there; as an action breakdown it is prefixed.
    const id = breakdownNames.has(name) ? `action_breakdown_${name}` : name;
    out.push({
      id,
      name: `${humanize(name)}${breakdownNames.has(name) ? " (action breakdown)" : ""}`,
      description: `Action breakdown ${name}: the action lists (actions, action values, cost per action type, ...) split by ${humanize(name).toLowerCase()}.`,
      type: "dimension",
      fieldType: "TEXT",
      aggregation: "NONE",
      category: "Action breakdowns",
      api: name,
      source: "action_breakdown",
    });
  }

  const PIXEL_NAMES: Record<string, string> = { content_view: "view_content", initiated_checkout: "initiate_checkout" };
  const LISTS = [
    { api: "actions", prefix: "actions", label: (h: string) => `${h} actions`, fieldType: "NUMBER" as FieldType, aggregation: "SUM" as Aggregation, category: "Actions: counts", what: "Number of" },
    { api: "action_values", prefix: "action_values", label: (h: string) => `${h} value`, fieldType: "CURRENCY" as FieldType, aggregation: "SUM" as Aggregation, category: "Actions: values", what: "Value (in the account currency) of" },
    { api: "cost_per_action_type", prefix: "cost_per_action", label: (h: string) => `Cost per ${h.toLowerCase()}`, fieldType: "CURRENCY" as FieldType, aggregation: "AVG" as Aggregation, category: "Actions: cost per action", what: "Spend divided by the number of" },
  ];
  for (const event of Object.values(sdk.AdPromotedObject.CustomEventType)) {
    const e = event.toLowerCase();
    if (e === "other") continue;
    const pixel = PIXEL_NAMES[e] ?? e;
    const actionTypes = [...new Set([`omni_${e}`, pixel, e, `offsite_conversion.fb_pixel_${pixel}`, `onsite_conversion.${pixel}`, `app_custom_event.fb_mobile_${pixel}`])];
    for (const list of LISTS) {
      const id = idOf(`action:${list.api}:${e}`, `${list.prefix}_${e}`);
      out.push({
        id,
        name: LEGACY_NAMES[id] ?? list.label(humanize(e)),
        description: `${list.what} ${humanize(e).toLowerCase()} actions (standard event ${event}): the first of the action types ${actionTypes.join(", ")} present in ${list.api}, in the chosen attribution window.`,
        type: "metric",
        fieldType: list.fieldType,
        aggregation: list.aggregation,
        category: list.category,
        api: list.api,
        source: "action",
        shape: "actions",
        actionTypes,
      });
    }
  }

  const seen = new Set<string>();
  for (const f of out) {
    if (seen.has(f.id)) throw new Error(`Two Meta fields map to the id ${f.id}`);
    seen.add(f.id);
  }
  return out;
}

export function renderGeneratedFields(): string {
  const { sdk, version } = loadSdk();
  const fields = generateFields();
  const counts = {
    fields: Object.keys(sdk.AdsInsights.Fields).length,
    breakdowns: Object.keys(sdk.AdsInsights.Breakdowns).length,
    actionBreakdowns: Object.keys(sdk.AdsInsights.ActionBreakdowns).length,
    standardEvents: Object.values(sdk.AdPromotedObject.CustomEventType).filter((e) => e !== "OTHER").length,
  };
  return [
    `// Generated by engine/connectors/facebook-ads/generate-fields.ts from facebook-nodejs-business-sdk ${version}: do not edit.`,
    "// Regenerate: npx tsx engine/connectors/facebook-ads/generate-fields.ts (generate-fields.test.ts fails when this file is stale).",
    'import type { GeneratedInsightsField } from "./insights-field.js";',
    "",
    `export const GENERATED_FROM = ${JSON.stringify(`facebook-nodejs-business-sdk ${version}`)};`,
    "",
    "/** The SDK's own counts: AdsInsights fields, breakdowns, action breakdowns, and standard events. */",
    `export const PLATFORM_COUNTS = ${JSON.stringify(counts)};`,
    "",
    "/** Action attribution windows (AdsInsights.ActionAttributionWindows), for the attribution option. */",
    `export const ATTRIBUTION_WINDOWS: readonly string[] = ${JSON.stringify(Object.values(sdk.AdsInsights.ActionAttributionWindows))};`,
    "",
    "export const INSIGHTS_FIELDS: readonly GeneratedInsightsField[] = [",
    ...fields.map((f) => `  ${JSON.stringify(f)},`),
    "];",
    "",
  ].join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GENERATED_FILE, renderGeneratedFields());
  console.log(`Wrote ${GENERATED_FILE}`);
}
