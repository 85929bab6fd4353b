// The X Ads catalogue against Metrics and Segmentation (docs/connector-coverage.md). X's SDK names
// the metric groups only: the platform's metric count is the transcription of its docs page.
import type { FieldCoverage } from "../field-coverage.js";
import { X_DOCS, X_METRIC_GROUPS, X_METRICS, X_SEGMENTATIONS } from "./catalogue.data.js";
import { FIELD_BY_ID, SEGMENT_FIELDS } from "./fields.js";

export const fieldCoverage: FieldCoverage = {
  source: `metric groups: twitter-ads 11.0.0 (PyPI) enum.METRIC_GROUP; metrics transcribed from ${X_DOCS.url} (read ${X_DOCS.read})`,
  groups: [
    { label: "metric groups", platform: X_METRIC_GROUPS.length, offered: new Set([...FIELD_BY_ID.values()].flatMap((f) => f.groups)).size },
    { label: "metrics", platform: X_METRICS.length, offered: X_METRICS.filter((m) => FIELD_BY_ID.has(m.id)).length },
    { label: "segmentation types (without those needing a country)", platform: X_SEGMENTATIONS.length, offered: SEGMENT_FIELDS.length },
  ],
};
