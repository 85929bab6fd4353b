/** A moment as the screens show it: day, month, year and time in UTC, the same on server and browser. */
export function formatUtc(iso: string | null | undefined, fallback: string): string {
  return iso ? `${new Date(iso).toLocaleString("en-GB", { timeZone: "UTC" })} UTC` : fallback;
}
