import { BLENDED_PLATFORM, BLENDED_PLATFORM_NAME, findPlatform } from "../../engine/index.js";

/** A platform id ("demo", "google-ads") as people read it ("Demo Ads", "Google Ads"); cross-platform ads by its name; the id when unknown. */
export function platformDisplayName(platformId: string): string {
  if (platformId === BLENDED_PLATFORM) return BLENDED_PLATFORM_NAME;
  return findPlatform(platformId)?.displayName ?? platformId;
}
