// The Pinterest Ads catalogue against the API client's own enums (docs/connector-coverage.md).
import type { FieldCoverage } from "../field-coverage.js";
import { PINTEREST_COLUMNS, PINTEREST_REPORT_TYPES, PINTEREST_SDK, PINTEREST_TARGETING_TYPES } from "./catalogue.generated.js";
import { PINTEREST_CATALOGUE, TARGETING_FIELDS } from "./fields.js";

const offered = new Set(Object.values(PINTEREST_CATALOGUE.fields).flatMap((fields) => fields.map((f) => f.id)));

export const fieldCoverage: FieldCoverage = {
  source: `${PINTEREST_SDK.package} ${PINTEREST_SDK.version} (PyPI): ReportingColumnAsync, MetricsReportingLevel, AdsAnalyticsTargetingType`,
  groups: [
    { label: "report columns", platform: Object.keys(PINTEREST_COLUMNS).length, offered: Object.values(PINTEREST_COLUMNS).filter((c) => offered.has(c.id)).length },
    { label: "report levels", platform: PINTEREST_REPORT_TYPES.length, offered: Object.keys(PINTEREST_CATALOGUE.fields).length },
    { label: "targeting breakdowns", platform: PINTEREST_TARGETING_TYPES.length, offered: TARGETING_FIELDS.filter((f) => offered.has(f.id)).length },
  ],
};
