// What browser code (route components, app/components, app/utils) may take from the engine:
// plain data and pure functions, never the connector registry or a destination driver, which
// would pull every platform's code into the page bundle.
export type * from "./core/types.js";
export { DATE_PRESETS, type DatePreset } from "./core/date-presets.js";
export * from "./core/dates.js";
export { redact, REDACTED } from "./core/redact.js";
export * from "./alerts/definition.js";
export * from "./alerts/evaluate.js";
export * from "./alerts/explain.js";
export * from "./destinations/catalogue.js";
export * from "./query/normalized-ads.js";
