import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { formatDateTime } from "~/utils/format-date";
import { BROWSER_TIME_ZONE_COOKIE } from "~/utils/time-zones";

type ZoneData = { timeZone?: string; timeZoneSource?: "profile" | "browser" | "default" };

/** The zone the signed-in screens write times in (the _app loader decides, screenTimeZone). */
export function useTimeZone(): string {
  return useRouteLoaderData<ZoneData>("routes/_app")?.timeZone ?? "UTC";
}

/** A moment in the user's zone ("25 Nov 2026, 22:21 CET"), machine-readable in dateTime. */
export function DateTime({ value, fallback = "-", testId }: { value: string | null | undefined; fallback?: string; testId?: string }) {
  const timeZone = useTimeZone();
  if (!value) return <span data-testid={testId}>{fallback}</span>;
  // The server's and the browser's ICU may name a zone differently (CET, GMT+1): the server's text stays.
  return (
    <time dateTime={value} data-testid={testId} suppressHydrationWarning>
      {formatDateTime(value, timeZone, fallback)}
    </time>
  );
}

/**
 * Tells the server the browser's time zone (a cookie), so a user without a zone on their profile
 * sees their own local times; the page re-reads its data once when the zone was new. Without
 * JavaScript the screens say UTC.
 */
export function BrowserTimeZone() {
  const data = useRouteLoaderData<ZoneData>("routes/_app");
  const revalidator = useRevalidator();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    const cookie = `${BROWSER_TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
    if (!document.cookie.split(/;\s*/).includes(cookie)) document.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax`;
    // The page was written before the server knew the zone (first visit, or a request sent before the cookie): read it again.
    if (data && data.timeZoneSource !== "profile" && data.timeZone !== zone) revalidator.revalidate();
    // once per page load: the zone does not change while the page is open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
