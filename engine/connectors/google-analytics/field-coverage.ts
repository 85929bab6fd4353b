// GA4's fields are each property's own, read from the Data API's metadata (docs/connector-coverage.md).
import type { FieldCoverage } from "../field-coverage.js";
import { GA4_FIELDS } from "./fields.js";

export const fieldCoverage: FieldCoverage = {
  source: "GA4 Data API properties/{id}/metadata, per property (custom dimensions and metrics included); checkCompatibility for combinations",
  groups: [
    { label: "dimensions", platform: null, offered: GA4_FIELDS.filter((f) => f.def.type === "dimension").length },
    { label: "metrics", platform: null, offered: GA4_FIELDS.filter((f) => f.def.type === "metric").length },
  ],
};
