// Connectors whose fields map onto platform columns keep one table per report of {def, column};
// this turns such tables into the core ReportCatalogue (listReports/listFields and request checks)
// and picks the mapped entries of a request's fields.
import type { ReportCatalogue } from "../../core/report-request.js";
import type { ConfigField, FieldDef, ReportDef } from "../../core/types.js";

export interface MappedField {
  def: FieldDef;
}

export function mappedCatalogue<F extends MappedField>(
  platform: string,
  fields: Readonly<Record<string, F[]>>,
  reports: readonly ReportDef[],
  defaultReport: string,
  configFields: ConfigField[],
): ReportCatalogue {
  return {
    platform,
    defaultReport,
    fields: Object.fromEntries(Object.entries(fields).map(([report, list]) => [report, list.map((f) => f.def)])),
    reports: reports.map(({ id, name, description }) => ({ id, name, description })),
    configFields,
  };
}

/** The mapped entries of `ids`, in request order (ids already checked by resolveReportRequest). */
export function pickFields<F extends MappedField>(fields: readonly F[], ids: readonly string[]): F[] {
  return ids.map((id) => fields.find((f) => f.def.id === id)!);
}
