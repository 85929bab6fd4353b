// The implemented connectors: every folder of engine/connectors with a connector.ts, as the
// generated index lists them (decision 0870). Adding a platform is adding its folder; nothing here
// changes, and the catalogue marks it implemented by itself.
import { PlatformNotImplementedError, UnknownPlatformError } from "../core/errors.js";
import type { Connector } from "../core/types.js";
import { CONNECTOR_FOLDERS } from "./folders.generated.js";

const CONNECTORS: readonly Connector[] = CONNECTOR_FOLDERS.flatMap((f) => (f.connector ? [f.connector] : []));

const byId = new Map(CONNECTORS.map((c) => [c.id, c]));

/** Platform id of an id or alias (catalogue spellings such as big-commerce). */
const canonical = new Map(CONNECTOR_FOLDERS.flatMap((f) => [f.folder, ...(f.platform.aliases ?? [])].map((name) => [name, f.folder] as const)));

export function listConnectors(): readonly Connector[] {
  return CONNECTORS;
}

export function hasConnector(platform: string): boolean {
  return byId.has(canonical.get(platform) ?? platform);
}

/**
 * The connector of a platform. Unknown ids raise UnknownPlatformError (404); catalogue platforms
 * without a connector yet raise PlatformNotImplementedError (501, "coming soon").
 */
export function getConnector(platform: string): Connector {
  const id = canonical.get(platform);
  const connector = byId.get(id ?? platform);
  if (connector) return connector;
  if (!id) throw new UnknownPlatformError(platform);
  throw new PlatformNotImplementedError(id);
}

/** The registry as a value, for executeQuery and tests that inject their own connectors. */
export interface ConnectorRegistry {
  getConnector(platform: string): Connector;
  listConnectors(): readonly Connector[];
}

export const registry: ConnectorRegistry = { getConnector, listConnectors };
