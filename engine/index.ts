// The engine's one public entry for the app's server code, server/ and the worker. Everything here
// is plain TypeScript with no I/O at import time; state, credentials and the outbound guard come in
// as arguments. Browser code imports engine/browser.ts instead (no connectors, no drivers).
export * from "./core/index.js";
export { DATE_PRESETS, type DatePreset } from "./core/date-presets.js";
export * from "./catalogue/index.js";
export * from "./query/index.js";
export * from "./alerts/index.js";
export * from "./alerts/filter-values.js";
export * from "./destinations/index.js";
export { getConnector, hasConnector, listConnectors, registry, type ConnectorRegistry } from "./connectors/registry.js";
export { checkConnection, type ConnectionCheckResult } from "./connectors/check-connection.js";
export { networkCode, outboundRefusal } from "./core/outbound.js";
export { ADS_FIELD } from "./connectors/shared/ads-fields.js";
export { blendablePlatforms, getNormalizedMapping, normalizedMappings, type NormalizedMappings } from "./connectors/normalized-registry.js";
