// The Amazon Ads catalogue against the Reporting v3 report-type pages (docs/connector-coverage.md).
// Amazon publishes these lists in its docs only: the platform's count is their transcription.
import type { FieldCoverage } from "../field-coverage.js";
import { AMAZON_COLUMNS, AMAZON_DOCS, AMAZON_REPORT_TYPES } from "./catalogue.data.js";
import { AMAZON_FIELDS } from "./fields.js";

const columnsOffered = AMAZON_REPORT_TYPES.reduce((n, r) => n + r.columns.filter((c) => AMAZON_FIELDS[r.id]?.some((f) => f.column === c)).length, 0);

export const fieldCoverage: FieldCoverage = {
  source: `transcribed from ${AMAZON_DOCS.url} (${AMAZON_DOCS.version}, read ${AMAZON_DOCS.read})`,
  groups: [
    { label: "report types and group-bys", platform: AMAZON_REPORT_TYPES.length, offered: Object.keys(AMAZON_FIELDS).length },
    { label: "columns (summed over report types)", platform: AMAZON_REPORT_TYPES.reduce((n, r) => n + r.columns.length, 0), offered: columnsOffered },
    { label: "distinct columns of the three ad products", platform: new Set(Object.values(AMAZON_COLUMNS).flatMap((c) => Object.keys(c))).size, offered: new Set(AMAZON_REPORT_TYPES.flatMap((r) => r.columns)).size },
  ],
};
