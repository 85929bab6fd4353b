// The LinkedIn Ads catalogue against the reporting schema (docs/connector-coverage.md). LinkedIn
// publishes no machine-readable metric list: the platform's count is the transcription of its docs page.
import type { FieldCoverage } from "../field-coverage.js";
import { LINKEDIN_BREAKDOWNS, LINKEDIN_COLUMNS, LINKEDIN_DOCS } from "./catalogue.data.js";
import { BREAKDOWN_FIELDS, LINKEDIN_FIELDS } from "./fields.js";

const offered = new Set(Object.values(LINKEDIN_FIELDS).flatMap((fields) => fields.map((f) => f.def.id)));

export const fieldCoverage: FieldCoverage = {
  source: `transcribed from ${LINKEDIN_DOCS.url} (LinkedIn-Version ${LINKEDIN_DOCS.version}, read ${LINKEDIN_DOCS.read})`,
  groups: [
    { label: "metrics", platform: Object.keys(LINKEDIN_COLUMNS).length, offered: Object.values(LINKEDIN_COLUMNS).filter((c) => offered.has(c.id)).length },
    { label: "pivots (reports and breakdowns)", platform: 4 + LINKEDIN_BREAKDOWNS.length, offered: Object.keys(LINKEDIN_FIELDS).length + BREAKDOWN_FIELDS.filter((b) => offered.has(b.def.id)).length },
  ],
};
