// The Snapchat Ads catalogue against the Measurement reference (docs/connector-coverage.md). Snap
// publishes no machine-readable field list: the platform's count is the transcription of its docs page.
import type { FieldCoverage } from "../field-coverage.js";
import { SNAPCHAT_COLUMNS, SNAPCHAT_DOCS, SNAPCHAT_REPORT_DIMENSIONS } from "./catalogue.data.js";
import { DIMENSION_FIELDS, SNAPCHAT_FIELDS } from "./fields.js";

const offered = new Set(Object.values(SNAPCHAT_FIELDS).flatMap((fields) => fields.map((f) => f.id)));

export const fieldCoverage: FieldCoverage = {
  source: `transcribed from ${SNAPCHAT_DOCS.url} (read ${SNAPCHAT_DOCS.read})`,
  groups: [
    { label: "stats fields", platform: Object.keys(SNAPCHAT_COLUMNS).length, offered: Object.values(SNAPCHAT_COLUMNS).filter((c) => offered.has(c.id)).length },
    { label: "report dimensions", platform: SNAPCHAT_REPORT_DIMENSIONS.length, offered: DIMENSION_FIELDS.filter((f) => offered.has(f.id)).length },
  ],
};
