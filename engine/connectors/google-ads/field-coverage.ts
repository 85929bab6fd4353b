// The Google Ads catalogue against the API's own field lists (docs/connector-coverage.md).
import type { FieldCoverage } from "../field-coverage.js";
import { GAQL_FIELDS, GENERATED_FROM, PLATFORM_COUNTS } from "./fields.generated.js";

const count = (category: string) => GAQL_FIELDS.filter((f) => f.gaqlCategory === category).length;

export const fieldCoverage: FieldCoverage = {
  source: `${GENERATED_FROM}: protos/autogen/fields`,
  groups: [
    { label: "metrics", platform: PLATFORM_COUNTS.metrics, offered: count("METRIC") },
    { label: "segments", platform: PLATFORM_COUNTS.segments, offered: count("SEGMENT") },
    // Attributes are offered for the resources our reports read, not for all of the API's resources.
    { label: "resource attributes (of the reports' resources)", platform: PLATFORM_COUNTS.attributes, offered: count("ATTRIBUTE") },
  ],
};
