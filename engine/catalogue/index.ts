// The catalogue as the app and the worker see it: each connector folder's platform.ts entry, with
// the auth method of its connector.ts and "implemented" when it has one (decision 0870). It reads
// the folders' generated index, not the registry, so the two never import each other.
import { UnknownPlatformError } from "../core/errors.js";
import { platformDefinition } from "../connectors/folder.js";
import { CONNECTOR_FOLDERS } from "../connectors/folders.generated.js";
import { monogramSvg, svgDataUri } from "./icons.js";
import { brandLogoSvg } from "./brand-logos.js";
import type { Category, Platform, PlatformDefinition, PlatformFlag } from "./types.js";

export * from "./types.js";
export { buildCredentialFromForm } from "./credential-form.js";
export { AMAZON_SELLER_MARKETPLACES, AMAZON_SELLER_DEFAULT_URL, amazonSellerUrl } from "./amazon-marketplaces.js";

const PLATFORMS: readonly Platform[] = CONNECTOR_FOLDERS.map((folder) => ({ ...platformDefinition(folder), implemented: folder.connector !== undefined }));

/** Every platform, in the spec 1 §4 order. */
export function listPlatforms(): Platform[] {
  return sortPlatforms(PLATFORMS).map((p) => ({ ...p }));
}

/** The platform of an id or alias, or undefined. */
export function findPlatform(id: string): Platform | undefined {
  const found = PLATFORMS.find((p) => p.id === id || p.aliases?.includes(id));
  return found ? { ...found } : undefined;
}

/** The platform of an id or alias; throws UnknownPlatformError. */
export function getPlatform(id: string): Platform {
  const found = findPlatform(id);
  if (!found) throw new UnknownPlatformError(id);
  return found;
}

const FLAG_RANK: Record<PlatformFlag | "none", number> = { new: 0, popular: 1, beta: 2, none: 3, deprecated: 4 };

/** Spec 1 §4: new, popular, beta, no flag, deprecated; alphabetical by display name within a group. */
export function sortPlatforms<T extends Pick<PlatformDefinition, "flag" | "displayName">>(platforms: readonly T[]): T[] {
  return [...platforms].sort(
    (a, b) =>
      FLAG_RANK[a.flag ?? "none"] - FLAG_RANK[b.flag ?? "none"] ||
      a.displayName.localeCompare(b.displayName, "en", { sensitivity: "base" }),
  );
}

/** Platforms grouped by category, each group sorted; every category is present (maybe empty). */
export function platformsByCategory(platforms: readonly Platform[] = listPlatforms()): Record<Category, Platform[]> {
  const groups = {} as Record<Category, Platform[]>;
  for (const category of ["ADS", "PRODUCT_FEED", "SOCIAL", "ANALYTICS", "PAYMENT", "CRM", "E-COMMERCE", "EMAILING", "REVIEW", "STORE_APPLICATION"] as Category[]) {
    groups[category] = [];
  }
  for (const platform of platforms) groups[platform.category].push(platform);
  for (const category of Object.keys(groups) as Category[]) groups[category] = sortPlatforms(groups[category]);
  return groups;
}

/**
 * The icon SVG document of a platform: its brand mark, or its monogram tile when simple-icons has
 * none. An unknown id is a programming error, as in the spec.
 */
export function getPlatformIconSvg(network: string): string {
  const platform = findPlatform(network);
  if (!platform) throw new Error(`Unable to load image for ${network} network`);
  return brandLogoSvg(platform.id, platform.displayName) ?? monogramSvg(platform.icon);
}

/** The icon as a data: URI, ready for an <img src>. */
export function getPlatformIcon(network: string): string {
  return svgDataUri(getPlatformIconSvg(network));
}
