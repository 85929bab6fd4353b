// engine/destinations public surface. Drivers are reached only through openDestination (lazy).
export * from "./types.js";
export * from "./errors.js";
export { columnTypeFor, columnNameProblem, defaultDateColumn, describeTable, tableNameProblem, type OutputField } from "./columns.js";
export * from "./registry.js";
export * from "./catalogue.js";
export { destinationPlace, tableTarget, targetsOverlap, type TableTarget } from "./table-identity.js";
