import { listPlatforms } from "../../engine/index.js";

/** Spec 3 §2.6: the pricing page lists the sources available in the Looker Studio connector. */
export function dataStudioSourceNames(): string[] {
  return listPlatforms()
    .filter((p) => p.reportingStudio)
    .map((p) => p.displayName)
    .sort((a, b) => a.localeCompare(b));
}
