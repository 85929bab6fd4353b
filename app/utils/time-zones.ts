// The time zones a user may choose (issue 19): the IANA names this runtime knows.

export const BROWSER_TIME_ZONE_COOKIE = "sp_tz";

/** Every zone Intl knows, plus UTC (which some runtimes list only as Etc/UTC). */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return names.includes("UTC") ? names : ["UTC", ...names];
}

/** A valid IANA zone name, or undefined: the value of a cookie or a form is hostile until checked. */
export function validTimeZone(value: string | null | undefined): string | undefined {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return undefined;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: value });
    return value;
  } catch {
    return undefined;
  }
}
