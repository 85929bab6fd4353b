// Alert evaluation (spec 1 §3-§5): definitions, windows, formulas and the pure evaluators.
export * from "./definition.js";
export * from "./windows.js";
export * from "./formula.js";
export * from "./evaluate.js";
export * from "./series.js";
export * from "./url-check.js";
export * from "./explain.js";
