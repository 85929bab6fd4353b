// Snoozing a configured alert (spec 1: the alert is still evaluated, but notifies nobody until the
// end of the chosen day). One rule for the alert page and the MCP server's snooze_alert tool.
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The end of `day` (UTC), when it is a real date after today; otherwise the message to show. */
export function snoozeEnd(day: string, now = new Date()): { ok: true; until: Date } | { ok: false; message: string } {
  if (!DAY.test(day)) return { ok: false, message: "Please pick a date" };
  if (day <= now.toISOString().slice(0, 10)) return { ok: false, message: "Please pick a date in the future" };
  const until = new Date(`${day}T23:59:59.000Z`);
  if (Number.isNaN(until.getTime()) || until.toISOString().slice(0, 10) !== day) return { ok: false, message: "Please pick a date" };
  return { ok: true, until };
}

