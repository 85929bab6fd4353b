// One connector folder as the generated index lists it (decision 0870), and the one rule that
// joins its two halves: the catalogue's auth method is the connector's. Only a folder without a
// connector ("coming soon") states it in platform.ts. The registry and the catalogue both read
// folders through here, so neither imports the other.
import type { PlatformDefinition, PlatformEntry } from "../catalogue/types.js";
import type { Connector } from "../core/types.js";
import type { NormalizedAdsMapping } from "../query/normalized-ads.js";

export interface ConnectorFolder {
  /** The folder's name under engine/connectors: the platform id. */
  folder: string;
  /** platform.ts: the catalogue entry. */
  platform: PlatformEntry;
  /** connector.ts, absent while the platform is "coming soon". */
  connector?: Connector;
  /** normalized.ts: how its native fields answer the normalized ads schema (ads platforms, decision 0931). */
  normalized?: NormalizedAdsMapping;
}

/** A folder that contradicts itself; thrown at import so a broken folder never ships quietly. */
export class ConnectorFolderError extends Error {}

/** The entry with its auth method resolved, after checking the folder, the entry and the connector agree. */
export function platformDefinition({ folder, platform, connector }: ConnectorFolder): PlatformDefinition {
  const where = `engine/connectors/${folder}`;
  if (platform.id !== folder) throw new ConnectorFolderError(`${where}/platform.ts says id "${platform.id}"; the folder name is the id.`);
  if (connector && connector.id !== folder) throw new ConnectorFolderError(`${where}/connector.ts says id "${connector.id}"; the folder name is the id.`);
  if (connector && platform.authMethod) {
    throw new ConnectorFolderError(`${where}/platform.ts states authMethod "${platform.authMethod}": the connector states it (${connector.authMethod}); remove it from platform.ts.`);
  }
  const authMethod = connector?.authMethod ?? platform.authMethod;
  if (!authMethod) throw new ConnectorFolderError(`${where} has no connector yet, so platform.ts must state its authMethod.`);
  return { ...platform, authMethod };
}
