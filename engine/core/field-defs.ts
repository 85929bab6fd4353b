// Builders for FieldDef catalogues, so each connector's fields.ts reads as a table of its
// platform's columns rather than repeated object literals.
import type { Aggregation, ConfigField, FieldDef, FieldType } from "./types.js";

export function dimension(id: string, name: string, fieldType: FieldType, description: string): FieldDef {
  return { id, name, description, type: "dimension", fieldType, aggregation: "NONE" };
}

export function metric(id: string, name: string, fieldType: FieldType, aggregation: Aggregation, description: string): FieldDef {
  return { id, name, description, type: "metric", fieldType, aggregation };
}

/** The report config field (id "report") of spec 2 §3 for a list of reports. */
export function reportConfigField(
  reports: readonly { id: string; name: string }[],
  defaultReport: string,
  helpText = "Which report to read.",
): ConfigField {
  return {
    id: "report",
    name: "Report",
    helpText,
    allowedMultiple: false,
    values: reports.map((r) => ({ value: r.id, label: r.name })),
    default: defaultReport,
    type: "multiple",
  };
}
