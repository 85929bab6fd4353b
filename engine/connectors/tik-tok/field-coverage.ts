// The TikTok Ads catalogue against the Reporting docs (docs/connector-coverage.md). TikTok publishes
// no machine-readable metric list: the platform's count is the transcription of its docs page.
import type { FieldCoverage } from "../field-coverage.js";
import { TIKTOK_AUDIENCE_DIMENSIONS, TIKTOK_COLUMNS, TIKTOK_DOCS } from "./catalogue.data.js";
import { FIELDS_BY_REPORT } from "./fields.js";

const offered = new Set(Object.values(FIELDS_BY_REPORT).flatMap((fields) => fields.map((f) => f.id)));
const columns = Object.values(TIKTOK_COLUMNS);

export const fieldCoverage: FieldCoverage = {
  source: `transcribed from ${TIKTOK_DOCS.url} (${TIKTOK_DOCS.version}, read ${TIKTOK_DOCS.read})`,
  groups: [
    { label: "metrics", platform: columns.filter((c) => c.kind === "metric").length, offered: columns.filter((c) => c.kind === "metric" && offered.has(c.id)).length },
    { label: "attribute metrics", platform: columns.filter((c) => c.kind === "dimension").length, offered: columns.filter((c) => c.kind === "dimension" && offered.has(c.id)).length },
    { label: "audience breakdowns", platform: TIKTOK_AUDIENCE_DIMENSIONS.length, offered: TIKTOK_AUDIENCE_DIMENSIONS.filter(([d]) => offered.has(`audience_${d}`)).length },
  ],
};
