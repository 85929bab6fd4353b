export * from "./definition.js";
export * from "./execute.js";
export * from "./formats/index.js";
export * from "./cells.js";
export * from "./day-partitions.js";
export * from "./currency.js";
export * from "./normalized-ads.js";
export * from "./blended.js";
