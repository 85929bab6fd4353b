import { z } from "zod";

/** Looker Studio field types and aggregations the admin may choose (spec 3 §3). */
export const GDS_FIELD_TYPES = [
  "YEAR", "YEAR_QUARTER", "YEAR_MONTH", "YEAR_WEEK", "YEAR_MONTH_DAY", "YEAR_MONTH_DAY_HOUR", "QUARTER", "MONTH", "WEEK", "MONTH_DAY", "DAY_OF_WEEK", "DAY", "HOUR", "MINUTE",
  "DURATION",
  "COUNTRY", "COUNTRY_CODE", "CONTINENT", "CONTINENT_CODE", "SUB_CONTINENT", "SUB_CONTINENT_CODE", "REGION", "REGION_CODE", "CITY", "CITY_CODE", "METRO", "METRO_CODE", "LATITUDE_LONGITUDE",
  "NUMBER", "PERCENT", "TEXT", "BOOLEAN", "URL", "HYPERLINK", "IMAGE", "IMAGE_LINK", "CURRENCY_ALL",
] as const;
export const GDS_AGGREGATIONS = ["AVG", "COUNT", "COUNT_DISTINCT", "MAX", "MIN", "SUM", "NONE", "AUTO"] as const;
export const GDS_LANGUAGES = ["fr", "en"] as const;

/** Spec 3 §5 messages; spec 3 §4 defaults for a new field: metric, NUMBER, SUM. */
export const GdsFieldSchema = z.object({
  platformName: z.string({ error: "Please input the gateway type" }).min(1, "Please input the gateway type"),
  fieldId: z.string({ error: "Please choose the engine field" }).min(1, "Please choose the engine field"),
  defaultName: z.string({ error: "Please input a default name for the field" }).trim().min(1, "Please input a default name for the field").max(200),
  defaultDescription: z.string({ error: "Please input a default description for the field" }).trim().min(1, "Please input a default description for the field").max(2000),
  name: z.string().trim().max(200).optional(),
  description: z.string().trim().max(2000).optional(),
  formula: z.string().trim().max(2000).optional(),
  status: z.enum(["active", "inactive"]).default("active"),
  type: z.enum(["dimension", "metric"], { error: "Please input the type" }),
  fieldType: z.enum(GDS_FIELD_TYPES, { error: "Please input the field type" }),
  aggregationType: z.enum(GDS_AGGREGATIONS).optional(),
});
export const GDS_FIELD_DEFAULTS = { type: "metric", fieldType: "NUMBER", aggregationType: "SUM", status: "active" } as const;

export const TranslationSchema = z.object({
  languageCode: z.enum(GDS_LANGUAGES, { error: "Please input a valid language code" }),
  name: z.string({ error: "Please input a name for the field" }).trim().min(1, "Please input a name for the field").max(200),
  description: z.string({ error: "Please input a description for the field" }).trim().min(1, "Please input a description for the field").max(2000),
});

/** The engine's field types mapped to Looker Studio's (for pre-filling the form). */
export function gdsTypeFromEngine(fieldType: string): (typeof GDS_FIELD_TYPES)[number] {
  const map: Record<string, (typeof GDS_FIELD_TYPES)[number]> = { CURRENCY: "CURRENCY_ALL", DATE: "YEAR_MONTH_DAY", DATETIME: "YEAR_MONTH_DAY_HOUR" };
  if (map[fieldType]) return map[fieldType];
  return (GDS_FIELD_TYPES as readonly string[]).includes(fieldType) ? (fieldType as (typeof GDS_FIELD_TYPES)[number]) : "TEXT";
}
