// The Meta Ads catalogue against the SDK's own lists (docs/connector-coverage.md).
import type { FieldCoverage } from "../field-coverage.js";
import { GENERATED_FROM, INSIGHTS_FIELDS, PLATFORM_COUNTS } from "./fields.generated.js";

const count = (source: string) => INSIGHTS_FIELDS.filter((f) => f.source === source).length;

export const fieldCoverage: FieldCoverage = {
  source: `${GENERATED_FROM}: AdsInsights Fields, Breakdowns, ActionBreakdowns; AdPromotedObject.CustomEventType`,
  groups: [
    { label: "insights fields", platform: PLATFORM_COUNTS.fields, offered: count("field") },
    { label: "breakdowns", platform: PLATFORM_COUNTS.breakdowns, offered: count("breakdown") },
    { label: "action breakdowns", platform: PLATFORM_COUNTS.actionBreakdowns, offered: count("action_breakdown") },
    // One count, value and cost-per column for each standard event.
    { label: "standard events as action columns", platform: PLATFORM_COUNTS.standardEvents, offered: count("action") / 3 },
  ],
};
