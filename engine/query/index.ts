export * from "./definition.js";
export * from "./execute.js";
export * from "./formats/index.js";
export * from "./cells.js";
export * from "./day-partitions.js";
