// The Google Ads catalogue at run time: the generated fields (fields.generated.ts) arranged into
// the reports of reports.ts. Every report offers every metric and segment of the API and the
// attributes of its resources; which of them may be combined is the API's own rule, read from
// its metadata endpoint (metadata.ts).
import { reportConfigField } from "../../core/field-defs.js";
import type { ConfigField, FieldDef, ReportDef } from "../../core/types.js";
import type { GeneratedGaqlField } from "./gaql-field.js";
import { GAQL_FIELDS } from "./fields.generated.js";
import { CUSTOM_GAQL_REPORT, DEFAULT_REPORT, GOOGLE_ADS_REPORTS } from "./reports.js";

export { DEFAULT_REPORT } from "./reports.js";

export const ALL_REPORTS: ReportDef[] = [...GOOGLE_ADS_REPORTS.map(({ id, name, description }) => ({ id, name, description })), CUSTOM_GAQL_REPORT];

/** The FROM resource of each report (custom GAQL names its own). */
export const REPORT_RESOURCE: Record<string, string> = Object.fromEntries(GOOGLE_ADS_REPORTS.map((r) => [r.id, r.resource]));

export const FIELD_BY_ID: ReadonlyMap<string, GeneratedGaqlField> = new Map(GAQL_FIELDS.map((f) => [f.id, f]));
export const FIELD_BY_GAQL: ReadonlyMap<string, GeneratedGaqlField> = new Map(GAQL_FIELDS.map((f) => [f.gaql, f]));

const resourceOf = (gaql: string) => gaql.split(".")[0];

/** Date and hour lead (the fields every read is about), then the API's order. */
const LEADING = ["date", "hour"];
const ordered = (fields: GeneratedGaqlField[]) => [...fields.filter((f) => LEADING.includes(f.id)).sort((a, b) => LEADING.indexOf(a.id) - LEADING.indexOf(b.id)), ...fields.filter((f) => !LEADING.includes(f.id))];

/** Each report's fields in their generated form (with GAQL names). */
export const GAQL_FIELDS_BY_REPORT: Readonly<Record<string, readonly GeneratedGaqlField[]>> = Object.fromEntries([
  ...GOOGLE_ADS_REPORTS.map((report) => [
    report.id,
    ordered(GAQL_FIELDS.filter((f) => f.gaqlCategory !== "ATTRIBUTE" || report.attributeResources.includes(resourceOf(f.gaql)))),
  ]),
  [CUSTOM_GAQL_REPORT.id, ordered([...GAQL_FIELDS])],
]);

const asDef = ({ id, name, description, type, fieldType, aggregation, category }: GeneratedGaqlField): FieldDef => ({ id, name, description, type, fieldType, aggregation, category });

/** Each report's FieldDefs, for the catalogue checks of core/report-request. */
export const FIELDS_BY_REPORT: Readonly<Record<string, FieldDef[]>> = Object.fromEntries(Object.entries(GAQL_FIELDS_BY_REPORT).map(([id, fields]) => [id, fields.map(asDef)]));

export const GAQL_OPTION = "gaql";

export const GOOGLE_ADS_CONFIG_FIELDS: ConfigField[] = [
  reportConfigField(ALL_REPORTS, DEFAULT_REPORT, "Which Google Ads report to read: a level (account, campaigns, ...), a view (keywords, search terms, locations, ...) or your own GAQL query."),
  {
    id: GAQL_OPTION,
    name: "GAQL query (custom report)",
    helpText:
      "For the custom GAQL report only: SELECT ... FROM ... with optional WHERE, ORDER BY and LIMIT. The request's date range is added to the WHERE; ask for fields that are in the SELECT.",
    allowedMultiple: false,
    values: [],
    default: "",
    type: "text",
  },
];
