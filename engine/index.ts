// The engine's public surface for the app and the worker. Everything here is plain TypeScript
// with no I/O at import time; state and credentials come in as arguments.
export * from "./core/index.js";
export * from "./catalogue/index.js";
export * from "./query/index.js";
export { getConnector, hasConnector, listConnectors, registry, type ConnectorRegistry } from "./connectors/registry.js";
export { checkConnection, type ConnectionCheckResult } from "./connectors/check-connection.js";
export type { ContractFixture, RunningFake } from "./connectors/contract-fixture.js";
