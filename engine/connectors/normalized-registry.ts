// The ads platforms a cross-platform query can read: every folder with a connector and a
// normalized.ts (decision 0931), as the generated index lists them.
import type { NormalizedAdsMapping } from "../query/normalized-ads.js";
import { CONNECTOR_FOLDERS } from "./folders.generated.js";

const MAPPINGS: ReadonlyMap<string, NormalizedAdsMapping> = new Map(CONNECTOR_FOLDERS.flatMap((f) => (f.connector && f.normalized ? [[f.folder, f.normalized] as const] : [])));

export function getNormalizedMapping(platform: string): NormalizedAdsMapping | undefined {
  return MAPPINGS.get(platform);
}

/** Platform ids with a mapping, sorted. */
export function blendablePlatforms(): string[] {
  return [...MAPPINGS.keys()].sort();
}

export const normalizedMappings = { get: getNormalizedMapping, platforms: blendablePlatforms };
export type NormalizedMappings = typeof normalizedMappings;
