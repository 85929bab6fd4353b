// GA4's dimensions and metrics come from the Data API itself, per property: properties/{id}/metadata
// lists the standard ones and the property's custom dimensions and metrics
// (https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/getMetadata);
// property 0 answers the fields every property has. Which of them combine is the API's
// checkCompatibility (https://developers.google.com/analytics/devguides/reporting/data/v1/rest/v1beta/properties/checkCompatibility).
//
// Our FieldDef from each entry: id = the apiName in snake_case (sessionDefaultChannelGroup ->
// session_default_channel_group, customEvent:plan -> custom_event:plan), name = uiName, category
// = the API's category, description = the API's. Types follow the metric type (TYPE_CURRENCY,
// TYPE_SECONDS, ...); aggregation by GA4's documented semantics, applied by name: user counts are
// distinct (AUTO, re-asked for a period), rates, averages and per-x values AVG, the rest SUM.
import { z } from "zod";
import { memoForContext } from "../../core/context-cache.js";
import type { Aggregation, ConnectorContext, FieldDef, FieldIncompatibility, FieldType } from "../../core/types.js";
import { apiUrl } from "./urls.js";

export interface Ga4Field {
  def: FieldDef;
  /** The Data API name; "" for fields we fill ourselves (the property id). */
  api: string;
}

const entry = z.object({ apiName: z.string(), uiName: z.string().optional(), description: z.string().optional(), category: z.string().optional(), customDefinition: z.boolean().optional() });
const metadataSchema = z.object({
  dimensions: z.array(entry).default([]),
  metrics: z.array(entry.extend({ type: z.string().optional() })).default([]),
});

const compatibilitySchema = z.object({
  dimensionCompatibilities: z.array(z.object({ dimensionMetadata: z.object({ apiName: z.string() }), compatibility: z.string() })).default([]),
  metricCompatibilities: z.array(z.object({ metricMetadata: z.object({ apiName: z.string() }), compatibility: z.string() })).default([]),
});

export const snakeCase = (apiName: string) => apiName.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

const DURATION_TYPES = new Set(["TYPE_SECONDS", "TYPE_MILLISECONDS", "TYPE_MINUTES", "TYPE_HOURS"]);
const DIMENSION_TYPES: Record<string, FieldType> = { date: "YEAR_MONTH_DAY", hour: "HOUR", country: "COUNTRY", countryId: "COUNTRY_CODE", region: "REGION", city: "CITY" };

function metricTyping(apiName: string, type: string | undefined): { fieldType: FieldType; aggregation: Aggregation } {
  const aggregation: Aggregation = /users$/i.test(apiName) && !/^new/.test(apiName) ? "AUTO" : /Rate$|^average|Per[A-Z]|Percentage$|Ratio$/.test(apiName) ? "AVG" : "SUM";
  if (type === "TYPE_CURRENCY") return { fieldType: "CURRENCY", aggregation };
  if (DURATION_TYPES.has(type ?? "")) return { fieldType: "DURATION", aggregation };
  if (/Rate$|Percentage$/.test(apiName)) return { fieldType: "PERCENT", aggregation };
  return { fieldType: "NUMBER", aggregation };
}

/** The property id column: ours, not the API's. */
export const PROPERTY_FIELD: Ga4Field = {
  def: { id: "property_id", name: "Property ID", description: "The GA4 property the row comes from.", type: "dimension", fieldType: "TEXT", aggregation: "NONE", category: "Property" },
  api: "",
};

async function fetchFields(ctx: ConnectorContext, property: string): Promise<Ga4Field[]> {
  const data = await ctx.http.json({ url: apiUrl(ctx, "data", `/properties/${property}/metadata`), account: property === "0" ? undefined : property }, metadataSchema);
  const fields: Ga4Field[] = [PROPERTY_FIELD];
  for (const d of data.dimensions) {
    fields.push({
      api: d.apiName,
      def: { id: snakeCase(d.apiName), name: d.uiName || d.apiName, description: d.description || d.uiName || d.apiName, type: "dimension", fieldType: DIMENSION_TYPES[d.apiName] ?? "TEXT", aggregation: "NONE", category: d.customDefinition ? "Custom dimensions" : d.category || "Other" },
    });
  }
  for (const m of data.metrics) {
    fields.push({ api: m.apiName, def: { id: snakeCase(m.apiName), name: m.uiName || m.apiName, description: m.description || m.uiName || m.apiName, type: "metric", ...metricTyping(m.apiName, m.type), category: m.customDefinition ? "Custom metrics" : m.category || "Other" } });
  }
  return fields;
}

/** The fields of a property (property 0: those every property has), once per context. */
export function propertyFields(ctx: ConnectorContext, property = "0"): Promise<Ga4Field[]> {
  return memoForContext(ctx, `ga4:metadata:${property}`, () => fetchFields(ctx, property));
}

/**
 * checkCompatibility for a selection: the fields GA4 says are INCOMPATIBLE with it (the selected
 * ones included when they clash with each other).
 */
export async function checkCompatibility(ctx: ConnectorContext, property: string, fields: readonly Ga4Field[], selected: readonly Ga4Field[]): Promise<FieldIncompatibility[]> {
  const asked = selected.filter((f) => f.api);
  if (asked.length === 0) return [];
  const answer = await ctx.http.json(
    {
      method: "POST",
      url: apiUrl(ctx, "data", `/properties/${property}:checkCompatibility`),
      json: {
        dimensions: asked.filter((f) => f.def.type === "dimension").map((f) => ({ name: f.api })),
        metrics: asked.filter((f) => f.def.type === "metric").map((f) => ({ name: f.api })),
        compatibilityFilter: "INCOMPATIBLE",
      },
      account: property,
    },
    compatibilitySchema,
  );
  const byApi = new Map(fields.map((f) => [f.api, f]));
  const names = [...answer.dimensionCompatibilities.map((c) => [c.dimensionMetadata.apiName, c.compatibility] as const), ...answer.metricCompatibilities.map((c) => [c.metricMetadata.apiName, c.compatibility] as const)];
  const selection = asked.map((f) => f.def.name).join(", ");
  return names.filter(([, c]) => c === "INCOMPATIBLE").flatMap(([apiName]) => {
    const field = byApi.get(apiName);
    return field ? [{ fieldId: field.def.id, reason: `Google Analytics cannot combine it with ${selection} (checkCompatibility)` }] : [];
  });
}
