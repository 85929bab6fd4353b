import { BROWSER_TIME_ZONE_COOKIE, validTimeZone } from "~/utils/time-zones";

/**
 * The zone the screens write times in: the one chosen on the profile, else the browser's (a
 * cookie the page sets with JavaScript), else UTC. `source` lets the profile say which applies.
 */
export function screenTimeZone(request: Request, user: { timeZone: string | null }): { timeZone: string; source: "profile" | "browser" | "default" } {
  const chosen = validTimeZone(user.timeZone);
  if (chosen) return { timeZone: chosen, source: "profile" };
  const cookie = request.headers.get("Cookie") ?? "";
  const raw = cookie.split(/;\s*/).find((c) => c.startsWith(`${BROWSER_TIME_ZONE_COOKIE}=`))?.slice(BROWSER_TIME_ZONE_COOKIE.length + 1);
  let decoded: string | undefined;
  try {
    decoded = raw ? decodeURIComponent(raw) : undefined;
  } catch {
    decoded = undefined;
  }
  const browser = validTimeZone(decoded);
  return browser ? { timeZone: browser, source: "browser" } : { timeZone: "UTC", source: "default" };
}
