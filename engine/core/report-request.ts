// The report and field checks every multi-report connector starts read() and listFields() with,
// so that a bad report or field id is the same typed, actionable error on every platform.
import { InvalidRequestError, UnknownFieldError } from "./errors.js";
import type { ConfigField, Connector, FieldDef, ReadRequest, ReportDef } from "./types.js";

export interface ReportCatalogue {
  platform: string;
  fields: Readonly<Record<string, FieldDef[]>>;
  defaultReport: string;
  reports?: ReportDef[];
  configFields?: ConfigField[];
}

/** listReports, listConfigFields and listFields of a connector whose catalogue is static data. */
export function catalogueMethods(catalogue: ReportCatalogue): Pick<Connector, "listReports" | "listConfigFields" | "listFields"> {
  return {
    async listReports() {
      return catalogue.reports ?? [];
    },
    async listConfigFields() {
      return catalogue.configFields ?? [];
    },
    async listFields(_ctx, opts) {
      return fieldsOfReport(catalogue, opts?.report);
    },
  };
}

/** The declared fields of a report (the default report when none is named). */
export function fieldsOfReport(catalogue: ReportCatalogue, report: string | undefined): FieldDef[] {
  const id = report ?? catalogue.defaultReport;
  const fields = catalogue.fields[id];
  if (!fields) {
    throw new InvalidRequestError(`Unknown ${catalogue.platform} report "${id}". Use one of ${Object.keys(catalogue.fields).join(", ")}.`);
  }
  return fields;
}

/** The report a read asks for (options.report) and its declared fields; unknown requested or filtered fields raise UnknownFieldError. */
export function resolveReportRequest(catalogue: ReportCatalogue, req: ReadRequest): { report: string; declared: FieldDef[] } {
  const option = req.options?.report;
  const report = (Array.isArray(option) ? option[0] : option) || catalogue.defaultReport;
  const declared = fieldsOfReport(catalogue, report);
  const known = new Set(declared.map((f) => f.id));
  const asked = [...new Set([...req.fields, ...(req.filters ?? []).map((f) => f.field)])];
  const unknown = asked.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new UnknownFieldError(catalogue.platform, unknown, report);
  return { report, declared };
}
