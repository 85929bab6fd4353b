// listReports, listConfigFields and listFields are the same three lookups for every connector
// whose reports and fields are static data; a connector spreads these into its object.
import { reportConfigField } from "../../core/field-defs.js";
import { fieldsOfReport, type ReportCatalogue } from "../../core/report-request.js";
import type { Connector, ReportDef } from "../../core/types.js";

export function staticReportMethods(
  catalogue: ReportCatalogue,
  reports: readonly ReportDef[],
  helpText: string,
): Pick<Connector, "listReports" | "listConfigFields" | "listFields"> {
  const defs = reports.map(({ id, name, description }) => ({ id, name, description }));
  const config = [reportConfigField(defs, catalogue.defaultReport, helpText)];
  return {
    async listReports() {
      return defs;
    },
    async listConfigFields() {
      return config;
    },
    async listFields(_ctx, opts) {
      return fieldsOfReport(catalogue, opts?.report);
    },
  };
}
