// Dates and times as the screens show them (issue 19): one format everywhere, in the user's time
// zone (useTimeZone: the profile's choice, else the browser's, else UTC), with the zone written.

/** "25 Nov 2026, 21:21 UTC" in `timeZone`; `fallback` when there is no moment. */
export function formatDateTime(iso: string | Date | null | undefined, timeZone: string, fallback = "-"): string {
  if (!iso) return fallback;
  const date = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return fallback;
  return new Intl.DateTimeFormat("en-GB", { timeZone: safeZone(timeZone), day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" }).format(date);
}

/** A calendar day ("2026-11-18") as "18 Nov 2026"; days are the platform's, not shifted by any zone. */
export function formatDay(day: string | null | undefined, fallback = "-"): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day || fallback;
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(new Date(`${day}T00:00:00Z`));
}

/** A moment in UTC: kept for screens without a signed-in user (admin audit, e-mails). */
export function formatUtc(iso: string | null | undefined, fallback: string): string {
  return formatDateTime(iso, "UTC", fallback);
}

/** The zone if this runtime knows it, else UTC (a zone renamed by an ICU update must not crash a page). */
export function safeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}
