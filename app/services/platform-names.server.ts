import { findPlatform } from "../../engine/index.js";

/** A platform id ("demo", "google-ads") as people read it ("Demo Ads", "Google Ads"); the id when unknown. */
export function platformDisplayName(platformId: string): string {
  return findPlatform(platformId)?.displayName ?? platformId;
}
