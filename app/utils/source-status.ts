// Spec 2 §4 "Source state" badge, shared by the sources list and the source page.
export type SourceState = "SUCCESS" | "ERROR" | "ACCOUNT_NOT_AVAILABLE";

/** More errors than this and a SUCCESS source is shown as failing to fetch (spec 2 §4). */
export const SOURCE_ERROR_THRESHOLD = 10;

export type SourceBadge = { tone: "success" | "error" | "warning"; label: string };

export const SOURCE_BADGE_TEXT = {
  success: "Success sync",
  error: "An error occurred",
  accountNotAvailable: "There is an error fetching your account. Please refresh the connection.",
} as const;

/**
 * "Success sync" when SUCCESS with under 10 errors; "An error occurred" when ERROR; the
 * refresh-the-connection message when ACCOUNT_NOT_AVAILABLE or 10 errors and more (the spec says
 * "above 10" and "under 10": exactly 10 falls in neither, we count it as failing).
 */
export function sourceBadge(state: string, numberError: number | null | undefined): SourceBadge {
  const errors = numberError ?? 0;
  if (state === "ERROR") return { tone: "error", label: SOURCE_BADGE_TEXT.error };
  if (state === "ACCOUNT_NOT_AVAILABLE" || errors >= SOURCE_ERROR_THRESHOLD) {
    return { tone: "warning", label: SOURCE_BADGE_TEXT.accountNotAvailable };
  }
  return { tone: "success", label: SOURCE_BADGE_TEXT.success };
}
