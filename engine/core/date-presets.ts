// The 17 date presets of spec 2 §5. Dependency-free so the browser bundle can import it too.
export const DATE_PRESETS = [
  "TODAY",
  "YESTERDAY",
  "LAST_7_DAYS",
  "LAST_14_DAYS",
  "LAST_28_DAYS",
  "THIS_WEEK_START_SUNDAY",
  "LAST_WEEK_START_SUNDAY",
  "THIS_WEEK_START_MONDAY",
  "LAST_WEEK_START_MONDAY",
  "THIS_MONTH",
  "LAST_MONTH",
  "THIS_QUARTER",
  "LAST_QUARTER",
  "THIS_YEAR",
  "LAST_YEAR",
  "CUSTOM",
  "SINCE",
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
