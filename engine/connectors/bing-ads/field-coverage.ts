// The Microsoft Advertising catalogue against the Reporting service's own lists (docs/connector-coverage.md).
import type { FieldCoverage } from "../field-coverage.js";
import { BING_REPORT_TYPES, BING_SDK } from "./catalogue.generated.js";
import { BING_CATALOGUE } from "./fields.js";

const offeredColumns = Object.values(BING_CATALOGUE.fields).reduce((n, fields) => n + fields.filter((f) => f.id !== "hour").length, 0);

export const fieldCoverage: FieldCoverage = {
  source: `${BING_SDK.package} ${BING_SDK.version} (PyPI): Reporting service WSDL, ReportRequest types and ReportColumn value sets`,
  groups: [
    { label: "report types", platform: BING_REPORT_TYPES.length, offered: Object.keys(BING_CATALOGUE.fields).length },
    { label: "report columns (summed over report types)", platform: BING_REPORT_TYPES.reduce((n, r) => n + r.columns.length, 0), offered: offeredColumns },
  ],
};
